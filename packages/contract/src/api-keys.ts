import { z } from 'zod';
import { DEFAULT_BASIC_PATH } from './constants.js';
import { strictBody } from './strict-body.js';

/** A custom key: letters, digits, `_` and `-` (SPEC §5), long enough to resist guessing. */
export const CUSTOM_KEY_MIN = 16;
export const CUSTOM_KEY_MAX = 128;
export const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const API_KEY_NAME_MAX = 50;
/** Characters of a key shown in listings (the rest is never stored). */
export const API_KEY_PREFIX_LENGTH = 8;
/** Expiry choices of the key form (SPEC §4): days, or null for never; 'custom' asks for days. */
export const API_KEY_EXPIRY_CHOICES = ['1d', '7d', '30d', 'never', 'custom'] as const;
export type ApiKeyExpiryChoice = (typeof API_KEY_EXPIRY_CHOICES)[number];

/** The three areas an API key may be allowed into. */
export const apiKeyPermissionsSchema = z.object({
  text: z.boolean(),
  file: z.boolean(),
  mount: z.boolean(),
});
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissionsSchema>;
export type Permission = keyof ApiKeyPermissions;

const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 instant' });

/** A basic path: absolute, '/'-separated; the server normalises and checks it further. */
const basicPath = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .refine((v) => v.startsWith('/'), { message: 'must start with /' });

export const customKeySchema = z
  .string()
  .min(CUSTOM_KEY_MIN, `at least ${CUSTOM_KEY_MIN} characters`)
  .max(CUSTOM_KEY_MAX, `at most ${CUSTOM_KEY_MAX} characters`)
  .regex(CUSTOM_KEY_PATTERN, 'letters, digits, _ and - only');

/**
 * The mount levels of a key: none, read-only, read-write. `mount_read_only` refines
 * `mount_permission` (which CloudPaste clients send alone), so read-only without the permission
 * is refused rather than dropped.
 */
export const API_KEY_MOUNT_LEVELS = ['none', 'read_only', 'read_write'] as const;
export type ApiKeyMountLevel = (typeof API_KEY_MOUNT_LEVELS)[number];

/** The level of a key's two mount fields. */
export function apiKeyMountLevel(key: {
  mount_permission: boolean;
  mount_read_only: boolean;
}): ApiKeyMountLevel {
  if (!key.mount_permission) return 'none';
  return key.mount_read_only ? 'read_only' : 'read_write';
}

/** The issue of read-only without the mount permission, field mount_read_only. */
export const MOUNT_READ_ONLY_WITHOUT_PERMISSION = {
  rule: 'requires_mount_permission',
  message: 'read-only mounts need mount_permission: true',
} as const;

/** POST /api/admin/api-keys body (SPEC §7). */
export const createApiKeyRequestSchema = strictBody(
  z.object({
    name: z.string().trim().min(1, 'name is required').max(API_KEY_NAME_MAX),
    expires_at: isoInstant.nullable(),
    text_permission: z.boolean().default(false),
    file_permission: z.boolean().default(false),
    mount_permission: z.boolean().default(false),
    /** With mount_permission: list, read, download, link, search and archive, never write. */
    mount_read_only: z.boolean().default(false),
    custom_key: z
      .string()
      .optional()
      .nullable()
      .transform((v) => (v === '' || v === null ? undefined : v))
      .pipe(customKeySchema.optional()),
    basic_path: basicPath.default(DEFAULT_BASIC_PATH),
  }),
).superRefine((values, ctx) => {
  if (values.mount_read_only && !values.mount_permission) {
    ctx.addIssue({
      code: 'custom',
      path: ['mount_read_only'],
      message: MOUNT_READ_ONLY_WITHOUT_PERMISSION.message,
      params: { rule: MOUNT_READ_ONLY_WITHOUT_PERMISSION.rule },
    });
  }
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** PUT /api/admin/api-keys/{id} body: any subset of the editable fields. */
export const updateApiKeyRequestSchema = strictBody(
  z
    .object({
      name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
      expires_at: isoInstant.nullable(),
      text_permission: z.boolean(),
      file_permission: z.boolean(),
      mount_permission: z.boolean(),
      mount_read_only: z.boolean(),
      basic_path: basicPath,
    })
    .partial(),
);
export type UpdateApiKeyRequest = z.infer<typeof updateApiKeyRequestSchema>;

/** An API key as listed: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key_prefix: z.string(),
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  /** The mount level: false is read-write (or no mount permission at all), true read-only. */
  mount_read_only: z.boolean(),
  basic_path: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/admin/api-keys → data: the key in full, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** GET /api/test/api-key → data (SPEC §3, info form). */
export const apiKeyInfoSchema = z.object({
  name: z.string(),
  basic_path: z.string(),
  /** The three areas, and whether the mount permission is read-only (false without it). */
  permissions: apiKeyPermissionsSchema.extend({ mount_read_only: z.boolean() }),
  key_info: z.object({ id: z.string(), name: z.string(), basic_path: z.string() }),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

/** The instant a key expires for a form choice, from `now`; null means never. */
export function apiKeyExpiry(
  choice: ApiKeyExpiryChoice,
  now: Date,
  customDays?: number,
): string | null {
  const days = { '1d': 1, '7d': 7, '30d': 30, never: null, custom: customDays ?? null }[choice];
  if (days === null) return null;
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
