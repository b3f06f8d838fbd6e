import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeLoginFailure } from '../login-messages';
import { LoginErrorAlert } from './LoginErrorAlert';

/** What one sign-in mode brings to the shared form. */
export interface LoginFormProps {
  /** The form's accessible name (the mode's tab label). */
  label: string;
  /**
   * Checks the fields, showing their errors; answers the sign-in to run when they pass, or
   * null when they do not (nothing is sent).
   */
  prepare: () => (() => Promise<unknown>) | null;
  /** The mode's fields, above the submit button. */
  children: ReactNode;
}

/**
 * The frame both sign-in modes share (SPEC §2 login): the fields, one submit button that
 * spins while signing in, and the failure worded by describeLoginFailure under it.
 */
export function LoginForm({ label, prepare, children }: LoginFormProps) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const signIn = prepare();
    if (!signIn) return;
    setPending(true);
    setFailure(undefined);
    try {
      await signIn();
    } catch (error) {
      setFailure(describeLoginFailure(error, t, i18n.language));
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        <Button type="submit" loading={pending} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <LoginErrorAlert message={failure} />
      </Stack>
    </form>
  );
}
