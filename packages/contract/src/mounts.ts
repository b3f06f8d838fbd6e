import { z } from 'zod';
import { MOUNT_NAME_MAX } from './constants.js';
import {
  MOUNT_CACHE_TTL_DEFAULT,
  MOUNT_CACHE_TTL_MAX,
  MOUNT_PATH_PROBLEM_MESSAGES,
  MOUNT_REMARK_MAX,
  MOUNT_STORAGE_TYPES,
  mountPathProblem,
} from './mount-rules.js';
import { hasControlCharacter, hasLoneSurrogate } from './paths.js';
import { strictBody } from './strict-body.js';

/** The range of the database's integer columns (sort_order): beyond it a row cannot be stored. */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * A mount path (SPEC §5): NFC-normalised, then checked by the one mount path rule; each
 * problem is its own rule (`details[].rule`) with its own message.
 */
export const mountPathSchema = z
  .string({ message: 'the mount path is required' })
  .transform((value) => value.normalize('NFC'))
  .superRefine((value, ctx) => {
    const problem = mountPathProblem(value);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: MOUNT_PATH_PROBLEM_MESSAGES[problem],
        params: { rule: problem },
      });
    }
  });

const mountFields = {
  name: z
    .string({ message: 'the name is required' })
    .trim()
    .min(1, 'the name is required')
    .max(MOUNT_NAME_MAX, `must be at most ${MOUNT_NAME_MAX} characters`)
    .refine((value) => !hasControlCharacter(value) && !hasLoneSurrogate(value), {
      message: 'must not contain control characters',
    }),
  mount_path: mountPathSchema,
  storage_config_id: z
    .string({ message: 'the storage config is required' })
    .min(1, 'the storage config is required')
    .max(64, 'no such storage config'),
  /**
   * CloudPaste clients send the storage type too. It is derived from the storage config here:
   * accepted when it agrees with the config (S3 or LOCAL, any case), a 400 otherwise.
   */
  storage_type: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(MOUNT_STORAGE_TYPES, { message: 'must be S3 or LOCAL' })),
  remark: z
    .string()
    .max(MOUNT_REMARK_MAX, `must be at most ${MOUNT_REMARK_MAX} characters`)
    .refine((value) => !value.includes('\u0000') && !hasLoneSurrogate(value), {
      message: 'must not contain NUL or broken characters',
    })
    .transform((value) => (value.trim() === '' ? null : value))
    .nullable(),
  sort_order: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(INT32_MIN, `must be at least ${INT32_MIN}`)
    .max(INT32_MAX, `must be at most ${INT32_MAX}`),
  cache_ttl: z
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must not be negative')
    .max(MOUNT_CACHE_TTL_MAX, `must be at most ${MOUNT_CACHE_TTL_MAX} seconds`),
  is_active: z.boolean({ message: 'must be true or false' }),
  read_only: z.boolean({ message: 'must be true or false' }),
};

/** `POST /api/admin/mounts` body. */
export const createMountRequestSchema = strictBody(
  z.object({
    ...mountFields,
    storage_type: mountFields.storage_type.optional(),
    remark: mountFields.remark.optional(),
    sort_order: mountFields.sort_order.default(0),
    cache_ttl: mountFields.cache_ttl.default(MOUNT_CACHE_TTL_DEFAULT),
    is_active: mountFields.is_active.default(true),
    read_only: mountFields.read_only.default(false),
  }),
);
export type CreateMountRequest = z.input<typeof createMountRequestSchema>;
export type CreateMountInput = z.output<typeof createMountRequestSchema>;

/** `PUT /api/admin/mounts/{id}` body: any subset; null clears the remark. */
export const updateMountRequestSchema = strictBody(z.object(mountFields).partial());
export type UpdateMountRequest = z.input<typeof updateMountRequestSchema>;
export type UpdateMountInput = z.output<typeof updateMountRequestSchema>;

/** A mount point as the API shows it (admin, and keys for the mounts they may see). */
export const mountSchema = z.object({
  id: z.string(),
  name: z.string(),
  mount_path: z.string(),
  storage_config_id: z.string(),
  /**
   * Derived from the storage config: S3 (any S3-compatible provider) or LOCAL (local disk);
   * null, as is the name, only for a mount whose config was removed behind the API's back.
   */
  storage_type: z.enum(MOUNT_STORAGE_TYPES).nullable(),
  storage_config_name: z.string().nullable(),
  remark: z.string().nullable(),
  sort_order: z.number(),
  /** Seconds a directory listing is cached (0: not cached). */
  cache_ttl: z.number(),
  is_active: z.boolean(),
  /** Every write into the mount is refused (403 READ_ONLY). */
  read_only: z.boolean(),
  /** `admin`, `apikey:{id}`, or null (system). */
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used: z.string().nullable(),
  /** When the search crawl last finished this mount; null before the first crawl. */
  last_refresh: z.string().nullable(),
});
export type Mount = z.infer<typeof mountSchema>;
