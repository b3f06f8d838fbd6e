import { z } from 'zod';
import { strictBody } from './strict-body.js';

/** Limits of the administrator's credentials. */
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/**
 * Whether a user name could be the administrator's: 1..USERNAME_MAX characters, no control
 * character (no name holds one, and PostgreSQL refuses NUL in text: a 400 or 401, never a 500).
 */
export function isPossibleUsername(name: string): boolean {
  return name.length >= 1 && name.length <= USERNAME_MAX && !/\p{Cc}/u.test(name);
}

const NO_CONTROL = { message: 'must not contain control characters' };
const noControl = (value: string | undefined) => value === undefined || !/\p{Cc}/u.test(value);

/** POST /api/admin/login body. */
export const loginRequestSchema = strictBody(
  z.object({
    username: z
      .string()
      .trim()
      .min(1, 'username is required')
      .max(USERNAME_MAX)
      .refine(noControl, NO_CONTROL),
    password: z.string().min(1, 'password is required').max(PASSWORD_MAX),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/admin/login → data. `expires_at` is an ISO-8601 instant. */
export const loginResponseSchema = z.object({
  token: z.string(),
  username: z.string(),
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/test/admin-token → data (the presented session is valid). */
export const adminTokenInfoSchema = z.object({
  username: z.string(),
  expires_at: z.string(),
});
export type AdminTokenInfo = z.infer<typeof adminTokenInfoSchema>;

/**
 * POST /api/admin/change-password body (SPEC §5): the current password is required; at least
 * one of a new username or a new password; a new password must differ from the current one.
 */
export const changePasswordRequestSchema = strictBody(
  z.object({
    currentPassword: z.string().min(1, 'current password is required').max(PASSWORD_MAX),
    newPassword: z
      .string()
      .max(PASSWORD_MAX)
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || v.length >= PASSWORD_MIN, {
        message: `new password must be at least ${PASSWORD_MIN} characters`,
      }),
    newUsername: z
      .string()
      .trim()
      .max(USERNAME_MAX)
      .refine(noControl, NO_CONTROL)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  }),
).superRefine((value, ctx) => {
  if (value.newPassword === undefined && value.newUsername === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['newPassword'],
      message: 'give a new username or a new password',
    });
  }
  if (value.newPassword !== undefined && value.newPassword === value.currentPassword) {
    ctx.addIssue({
      code: 'custom',
      path: ['newPassword'],
      message: 'the new password must differ from the current one',
    });
  }
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /api/admin/change-password → data. Every other session of the admin is revoked. */
export const changePasswordResponseSchema = z.object({
  username: z.string(),
  revoked_sessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
