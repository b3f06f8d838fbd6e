import { z } from 'zod';
import { MAX_PRESIGN_EXPIRY_SECONDS } from '../../storage-rules.js';
import { validateStoragePrefix } from '../../storage-key.js';

/** Stored options of an S3-compatible storage config (AWS, R2, B2, MinIO, Ceph …). */
export const s3StorageConfigSchema = z.object({
  /** Custom endpoint for non-AWS services; omitted for AWS itself. */
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  region: z.string().trim().min(1),
  bucket: z.string().trim().min(1),
  accessKeyId: z.string().min(1),
  secretAccessKey: z.string().min(1),
  /** Path-style URLs (endpoint/bucket/key): needed by MinIO, Ceph and most self-hosted servers. */
  forcePathStyle: z.boolean().default(false),
  /** Default folder inside the bucket; every key of this storage lives under it. */
  prefix: z
    .string()
    .trim()
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .refine(
      (value) => {
        try {
          validateStoragePrefix(value);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'prefix must be a relative path without "." or ".." segments' },
    )
    .optional(),
  /** Lifetime of presigned URLs when a caller names none. */
  presignExpiresSeconds: z.number().int().min(1).max(MAX_PRESIGN_EXPIRY_SECONDS).optional(),
  /** A CDN or custom domain serving the bucket's objects (used for links, not by the driver). */
  customHost: z.url({ protocol: /^https?$/ }).optional(),
});

/** Parsed options of an S3 storage config. */
export type S3StorageConfig = z.infer<typeof s3StorageConfigSchema>;
