import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { FileUnlocked } from '@pasteport/contract';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { describeApiError, isApiError } from '../../../lib/api';
import { formatWait } from '../../../lib/format';
import { verifyFile } from '../api';
import { fileProblemOf, isFinalProblem } from '../view/file-problem';

/** A failed unlock: on the password field when the password is at fault, else beside it. */
type Failure = { on: 'field' | 'form'; message: string };

function failureOf(error: unknown, t: TFunction, locale: string): Failure {
  if (isApiError(error) && error.status === 401) {
    return { on: 'field', message: describeApiError(error, t) };
  }
  if (isApiError(error) && error.status === 429) {
    const message =
      error.retryAfterSeconds === undefined
        ? t('file.unlock.rateLimitedNoWait')
        : t('file.unlock.rateLimited', { wait: formatWait(error.retryAfterSeconds, locale) });
    return { on: 'field', message };
  }
  return { on: 'form', message: `${describeApiError(error, t)} ${t('file.unlock.retryHint')}` };
}

export interface FilePasswordPromptProps {
  slug: string;
  /** The file's facts arrived with a token for its links (kept in memory by the caller). */
  onUnlocked: (file: FileUnlocked) => void;
  /** The file is gone or missing: the visit ends with that problem. */
  onGone: (error: unknown) => void;
}

/** The password form of a protected file (POST /public/files/{slug}/verify). */
export function FilePasswordPrompt({ slug, onUnlocked, onGone }: FilePasswordPromptProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const unlock = useMutation({ mutationFn: (value: string) => verifyFile(slug, value) });

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
      setFailure({ on: 'field', message: t('file.unlock.empty') });
      focusInput();
      return;
    }
    setFailure(undefined);
    unlock.mutate(password, {
      onSuccess: onUnlocked,
      onError: (error) => {
        if (isFinalProblem(fileProblemOf(error))) {
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
              {t('file.unlock.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('file.unlock.description')}
          </Text>
          <PasswordField
            id={inputId}
            label={t('file.unlock.label')}
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
            {t('file.unlock.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
