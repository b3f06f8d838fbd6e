import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { useAuthStore } from '../../../lib/auth';
import { LoginForm } from './LoginForm';

/** Sign-in with an API key (SPEC §2 login, second mode); the key is verified before use. */
export function ApiKeyLoginForm() {
  const { t } = useTranslation();
  const store = useAuthStore();
  const [key, setKey] = useState('');
  const [fieldError, setFieldError] = useState<string>();

  function prepare() {
    if (key.trim() === '') {
      setFieldError(t('auth.login.required.apiKey'));
      return null;
    }
    return () => store.loginWithApiKey(key);
  }

  return (
    <LoginForm label={t('auth.login.modes.apikey')} prepare={prepare}>
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
    </LoginForm>
  );
}
