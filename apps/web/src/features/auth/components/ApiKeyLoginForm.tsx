import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { useAuthStore } from '../../../lib/auth';
import { describeLoginFailure } from '../login-messages';
import { LoginErrorAlert } from './LoginErrorAlert';

/** Sign-in with an API key (SPEC §2 login, second mode); the key is verified before use. */
export function ApiKeyLoginForm() {
  const { t, i18n } = useTranslation();
  const store = useAuthStore();
  const [key, setKey] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (key.trim() === '') {
      setFieldError(t('auth.login.required.apiKey'));
      return;
    }
    setPending(true);
    setFailure(undefined);
    try {
      await store.loginWithApiKey(key);
    } catch (error) {
      setFailure(describeLoginFailure(error, t, i18n.language));
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('auth.login.modes.apikey')}
    >
      <Stack gap="md">
        <PasswordField
          label={t('auth.login.apiKey')}
          description={t('auth.login.apiKeyHint')}
          name="api-key"
          autoComplete="off"
          spellCheck={false}
          required
          value={key}
          onChange={(event) => {
            setKey(event.currentTarget.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          showLabel={t('auth.login.showKey')}
          hideLabel={t('auth.login.hideKey')}
        />
        <Button type="submit" loading={pending} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <LoginErrorAlert message={failure} />
      </Stack>
    </form>
  );
}
