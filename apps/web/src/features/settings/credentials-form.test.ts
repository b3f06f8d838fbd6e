import { changePasswordRequestSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CREDENTIALS,
  toChangePasswordRequest,
  validateCredentials,
  type CredentialsValues,
} from './credentials-form';

const form = (patch: Partial<CredentialsValues>) => ({
  ...EMPTY_CREDENTIALS,
  currentPassword: 'old-password',
  ...patch,
});

describe('validateCredentials (SPEC §5 admin info update)', () => {
  it('requires the current password and something to change', () => {
    expect(validateCredentials(EMPTY_CREDENTIALS)).toEqual({
      currentPassword: 'currentRequired',
      newUsername: 'nothingToChange',
    });
  });

  it('accepts a new username alone', () => {
    expect(validateCredentials(form({ newUsername: 'boss' }))).toEqual({});
  });

  it('needs a new password that is long enough, differs and is confirmed', () => {
    expect(validateCredentials(form({ newPassword: 'short', confirmPassword: 'short' }))).toEqual({
      newPassword: 'passwordTooShort',
    });
    expect(
      validateCredentials(form({ newPassword: 'old-password', confirmPassword: 'old-password' })),
    ).toEqual({ newPassword: 'passwordSame' });
    expect(
      validateCredentials(form({ newPassword: 'new-password', confirmPassword: 'new-passw0rd' })),
    ).toEqual({ confirmPassword: 'confirmMismatch' });
    expect(
      validateCredentials(form({ newPassword: 'new-password', confirmPassword: 'new-password' })),
    ).toEqual({});
  });

  it('builds a request the contract accepts, leaving empty fields out', () => {
    const request = toChangePasswordRequest(form({ newUsername: ' boss ' }));
    expect(request).toEqual({ currentPassword: 'old-password', newUsername: 'boss' });
    expect(changePasswordRequestSchema.safeParse(request).success).toBe(true);
  });
});
