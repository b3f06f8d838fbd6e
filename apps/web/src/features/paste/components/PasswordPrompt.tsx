import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PasteView } from '@pasteport/contract';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { describeApiError, isApiError } from '../../../lib/api';
import { formatWait } from '../../../lib/format';
import { unlockPaste } from '../api';
import { isFinalProblem, pasteProblemOf } from '../view/paste-problem';

/** A failed unlock: on the password field when the password is at fault, else beside it. */
type Failure = { on: 'field' | 'form'; message: string };

function failureOf(error: unknown, t: TFunction, locale: string): Failure {
  if (isApiError(error) && error.status === 401) {
    return { on: 'field', message: describeApiError(error, t) };
  }
  if (isApiError(error) && error.status === 429) {
    const message =
      error.retryAfterSeconds === undefined
        ? t('pasteView.unlock.rateLimitedNoWait')
        : t('pasteView.unlock.rateLimited', { wait: formatWait(error.retryAfterSeconds, locale) });
    return { on: 'field', message };
  }
  return {
    on: 'form',
    message: `${describeApiError(error, t)} ${t('pasteView.unlock.retryHint')}`,
  };
}

export interface PasswordPromptProps {
  slug: string;
  /** The content arrived; `password` is kept in memory for the raw link. */
  onUnlocked: (paste: PasteView, password: string) => void;
  /** The paste is gone or missing: the visit ends with that problem. */
  onGone: (error: unknown) => void;
}

/** The password form of a protected paste (SPEC §7: POST /paste/{slug} {password}). */
export function PasswordPrompt({ slug, onUnlocked, onGone }: PasswordPromptProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const unlock = useMutation({ mutationFn: (value: string) => unlockPaste(slug, value) });

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
    if (unlock.isPending) return;
    if (password === '') {
      setFailure({ on: 'field', message: t('pasteView.unlock.empty') });
      focusInput();
      return;
    }
    setFailure(undefined);
    unlock.mutate(password, {
      onSuccess: (paste) => onUnlocked(paste, password),
      onError: (error) => {
        if (isFinalProblem(pasteProblemOf(error))) {
          onGone(error);
          return;
        }
        setFailure(failureOf(error, t, i18n.language));
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
              {t('pasteView.unlock.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('pasteView.unlock.description')}
          </Text>
          <PasswordField
            id={inputId}
            label={t('pasteView.unlock.label')}
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
            loading={unlock.isPending}
            leftSection={<IconLockOpen size={18} aria-hidden />}
          >
            {t('pasteView.unlock.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
