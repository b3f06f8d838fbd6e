import { TextInput } from '@mantine/core';
import { loginRequestSchema } from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { useAuthStore } from '../../../lib/auth';
import { LoginForm } from './LoginForm';

type Field = 'username' | 'password';

/**
 * Sign-in with the administrator's username and password (SPEC §2 login, first mode). Its
 * first field takes focus on arrival; switching tabs later leaves focus on the tab list.
 */
export function PasswordLoginForm() {
  const { t } = useTranslation();
  const store = useAuthStore();
  const [values, setValues] = useState({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  function prepare() {
    const parsed = loginRequestSchema.safeParse(values);
    if (parsed.success) return () => store.loginWithPassword(parsed.data);
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??=
        issue.code === 'too_small'
          ? t(`auth.login.required.${field}`)
          : t('validation.rules.other');
    }
    setFieldErrors(errors);
    return null;
  }

  return (
    <LoginForm label={t('auth.login.modes.password')} prepare={prepare}>
      <TextInput
        label={t('auth.login.username')}
        name="username"
        autoComplete="username"
        autoFocus
        required
        value={values.username}
        onChange={(event) => change('username')(event.currentTarget.value)}
        error={fieldErrors.username}
      />
      <PasswordField
        label={t('auth.login.password')}
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => change('password')(event.currentTarget.value)}
        error={fieldErrors.password}
      />
    </LoginForm>
  );
}
