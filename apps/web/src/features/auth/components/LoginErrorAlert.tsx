import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The message under a login form; announced at once (role=alert). */
export function LoginErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      data-testid="login-error"
    >
      {message}
    </Alert>
  );
}
