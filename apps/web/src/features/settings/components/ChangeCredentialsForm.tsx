import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PASSWORD_MIN, USERNAME_MAX } from '@pasteport/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { describeApiError, isApiError, serverFieldErrors } from '../../../lib/api';
import { useAuth, useAuthStore } from '../../../lib/auth';
import { useChangePassword } from '../api';
import {
  EMPTY_CREDENTIALS,
  toChangePasswordRequest,
  validateCredentials,
  type CredentialsField,
  type CredentialsValues,
} from '../credentials-form';

const SERVER_FIELDS: Record<string, CredentialsField> = {
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
  newUsername: 'newUsername',
};

/** Changes the admin's username and/or password; other sessions are signed out by the server. */
export function ChangeCredentialsForm() {
  const { t } = useTranslation();
  const store = useAuthStore();
  const { session } = useAuth();
  const [values, setValues] = useState<CredentialsValues>(EMPTY_CREDENTIALS);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CredentialsField, string>>>({});
  const [success, setSuccess] = useState<string>();
  const change = useChangePassword();

  const problems = validateCredentials(values);
  const errorOf = (field: CredentialsField) => {
    const problem = problems[field];
    if (serverErrors[field]) return serverErrors[field];
    if (!submitted || !problem) return undefined;
    return t(`settings.credentials.errors.${problem}`, { min: PASSWORD_MIN, max: USERNAME_MAX });
  };
  const input = (field: CredentialsField) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setServerErrors((current) => ({ ...current, [field]: undefined }));
      setSuccess(undefined);
    },
  });

  function showFailure(error: unknown) {
    if (isApiError(error) && error.code === 'CURRENT_PASSWORD_INVALID') {
      setServerErrors({ currentPassword: t('errors.CURRENT_PASSWORD_INVALID') });
    } else if (isApiError(error) && error.code === 'ALREADY_EXISTS') {
      setServerErrors({ newUsername: t('settings.credentials.errors.usernameTaken') });
    } else setServerErrors(serverFieldErrors(error, SERVER_FIELDS, t));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setSuccess(undefined);
    if (Object.keys(problems).length > 0) return;
    try {
      const result = await change.mutateAsync(toChangePasswordRequest(values));
      store.renameAdmin(result.username);
      setValues(EMPTY_CREDENTIALS);
      setSubmitted(false);
      setSuccess(t('settings.credentials.success', { count: result.revoked_sessions }));
    } catch (error) {
      showFailure(error);
    }
  }

  const currentUsername = session.type === 'admin' ? session.username : '';
  const fieldErrorsShown = Object.values(serverErrors).some(Boolean);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="credentials-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="credentials-title">
            {t('settings.credentials.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.credentials.intro')}
          </Text>
          <PasswordField
            label={t('settings.credentials.currentPassword')}
            autoComplete="current-password"
            required
            {...input('currentPassword')}
          />
          <TextInput
            label={t('settings.credentials.newUsername')}
            description={t('settings.credentials.newUsernameHint', { current: currentUsername })}
            autoComplete="username"
            {...input('newUsername')}
          />
          <PasswordField
            label={t('settings.credentials.newPassword')}
            description={t('settings.credentials.newPasswordHint')}
            autoComplete="new-password"
            {...input('newPassword')}
          />
          <PasswordField
            label={t('settings.credentials.confirmPassword')}
            autoComplete="new-password"
            {...input('confirmPassword')}
          />
          {success ? (
            <Alert role="status" color="green" variant="light" data-testid="credentials-success">
              {success}
            </Alert>
          ) : null}
          {change.isError && !fieldErrorsShown ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(change.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('settings.credentials.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
