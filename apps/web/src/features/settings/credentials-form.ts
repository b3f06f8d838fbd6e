import { PASSWORD_MIN, USERNAME_MAX, type ChangePasswordRequest } from '@pasteport/contract';

/** What the change-credentials form edits. */
export interface CredentialsValues {
  currentPassword: string;
  newUsername: string;
  newPassword: string;
  confirmPassword: string;
}

/** Fields that can carry an error. */
export type CredentialsField = keyof CredentialsValues;

/** Each problem has a message under settings.credentials.errors. */
export type CredentialsProblem =
  | 'currentRequired'
  | 'nothingToChange'
  | 'usernameTooLong'
  | 'passwordTooShort'
  | 'passwordSame'
  | 'confirmMismatch';

/** An empty form. */
export const EMPTY_CREDENTIALS: CredentialsValues = {
  currentPassword: '',
  newUsername: '',
  newPassword: '',
  confirmPassword: '',
};

/**
 * SPEC §5 admin info update: the current password is required; a new username and/or a new
 * password; a new password must differ from the current one and match its confirmation.
 */
export function validateCredentials(
  values: CredentialsValues,
): Partial<Record<CredentialsField, CredentialsProblem>> {
  const problems: Partial<Record<CredentialsField, CredentialsProblem>> = {};
  const username = values.newUsername.trim();
  if (values.currentPassword === '') problems.currentPassword = 'currentRequired';
  if (username === '' && values.newPassword === '') problems.newUsername = 'nothingToChange';
  if (username.length > USERNAME_MAX) problems.newUsername = 'usernameTooLong';
  if (values.newPassword !== '') {
    if (values.newPassword.length < PASSWORD_MIN) problems.newPassword = 'passwordTooShort';
    else if (values.newPassword === values.currentPassword) problems.newPassword = 'passwordSame';
  }
  if (values.newPassword !== values.confirmPassword) problems.confirmPassword = 'confirmMismatch';
  return problems;
}

/** POST /admin/change-password body of a valid form; empty fields are left out. */
export function toChangePasswordRequest(values: CredentialsValues): ChangePasswordRequest {
  const username = values.newUsername.trim();
  return {
    currentPassword: values.currentPassword,
    ...(values.newPassword === '' ? {} : { newPassword: values.newPassword }),
    ...(username === '' ? {} : { newUsername: username }),
  };
}
