import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../PasswordField';
import type { LocalePrefixWith } from '../share-options/locale-prefix';
import { unlockFailureOf, type UnlockFailure, type UnlockTexts } from './unlock-failure';

export interface SharePasswordPromptProps<Unlocked> {
  keyPrefix: LocalePrefixWith<UnlockTexts>;
  /** Sends the password; resolves with what it unlocks, rejects with the API error. */
  unlock: (password: string) => Promise<Unlocked>;
  onUnlocked: (unlocked: Unlocked, password: string) => void;
  /** Whether a failure means the share is gone or missing, so asking again cannot help. */
  endsVisit: (error: unknown) => boolean;
  /** The share is gone or missing: the visit ends with that problem. */
  onGone: (error: unknown) => void;
}

/** The password form of a protected paste or file. */
export function SharePasswordPrompt<Unlocked>({
  keyPrefix,
  unlock,
  onUnlocked,
  endsVisit,
  onGone,
}: SharePasswordPromptProps<Unlocked>) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<UnlockFailure>();
  const unlocking = useMutation({ mutationFn: unlock });

  // Whatever went wrong, the next try starts where the user types (UX: errors keep input).
  const focusInput = () => {
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (unlocking.isPending) return;
    if (password === '') {
      setFailure({ on: 'field', message: t(`${keyPrefix}.empty`) });
      focusInput();
      return;
    }
    setFailure(undefined);
    unlocking.mutate(password, {
      onSuccess: (unlocked) => onUnlocked(unlocked, password),
      onError: (error) => {
        if (endsVisit(error)) {
          onGone(error);
          return;
        }
        setFailure(unlockFailureOf(error, keyPrefix, t, i18n.language));
        focusInput();
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" maw={440} w="100%" mx="auto" mt="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={40} radius="xl">
              <IconLock size={22} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t(`${keyPrefix}.title`)}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`${keyPrefix}.description`)}
          </Text>
          <PasswordField
            id={inputId}
            label={t(`${keyPrefix}.label`)}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              if (failure?.on === 'field') setFailure(undefined);
            }}
            error={failure?.on === 'field' ? failure.message : undefined}
            errorProps={{ role: 'alert' }}
            autoComplete="current-password"
            data-autofocus
            autoFocus
          />
          {failure?.on === 'form' ? (
            <Alert role="alert" color="red" variant="light">
              {failure.message}
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="md"
            loading={unlocking.isPending}
            leftSection={<IconLockOpen size={18} aria-hidden />}
          >
            {t(`${keyPrefix}.submit`)}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
