import { z } from 'zod';
import { strictBody } from './strict-body.js';

/** The storage providers an administrator chooses from (the form's provider select). */
export const STORAGE_PROVIDER_TYPES = [
  'cloudflare_r2',
  'backblaze_b2',
  'aws_s3',
  'aliyun_oss',
  'other_s3',
  'local',
] as const;
export type StorageProviderType = (typeof STORAGE_PROVIDER_TYPES)[number];

/** Which driver serves a provider: every provider but local disk speaks S3. */
export type StorageDriverName = 'local' | 's3';

/** Fields of a storage config request that depend on the provider. */
export type StorageConfigProviderField =
  | 'endpoint_url'
  | 'region'
  | 'bucket_name'
  | 'access_key_id'
  | 'secret_access_key'
  | 'path_style'
  | 'default_folder'
  | 'custom_host'
  | 'root_path';

/** What one provider needs: its driver, the fields the form shows and their defaults. */
export interface StorageProviderSpec {
  driver: StorageDriverName;
  /** Provider-specific fields the form shows, in form order. */
  fields: readonly StorageConfigProviderField[];
  /** Whether an endpoint must be given (AWS finds its own from the region). */
  endpointRequired: boolean;
  /** Region used when none is given and none can be read from the endpoint; null → required. */
  defaultRegion: string | null;
  /** Path-style URLs unless the admin says otherwise. */
  defaultPathStyle: boolean;
  /** What an endpoint of this provider looks like (a placeholder, not a default). */
  endpointExample: string | null;
}

const S3_FIELDS = [
  'endpoint_url',
  'region',
  'bucket_name',
  'access_key_id',
  'secret_access_key',
  'path_style',
  'default_folder',
  'custom_host',
] as const;

/** Per-provider requirements, shared by the server's validation and the web form. */
export const STORAGE_PROVIDERS: Readonly<Record<StorageProviderType, StorageProviderSpec>> = {
  cloudflare_r2: {
    driver: 's3',
    fields: S3_FIELDS,
    endpointRequired: true,
    defaultRegion: 'auto',
    defaultPathStyle: false,
    endpointExample: 'https://<account-id>.r2.cloudflarestorage.com',
  },
  backblaze_b2: {
    driver: 's3',
    fields: S3_FIELDS,
    endpointRequired: true,
    // Read from the endpoint (s3.<region>.backblazeb2.com); required otherwise.
    defaultRegion: null,
    defaultPathStyle: false,
    endpointExample: 'https://s3.us-west-004.backblazeb2.com',
  },
  aws_s3: {
    driver: 's3',
    fields: S3_FIELDS,
    endpointRequired: false,
    defaultRegion: 'us-east-1',
    defaultPathStyle: false,
    endpointExample: null,
  },
  aliyun_oss: {
    driver: 's3',
    fields: S3_FIELDS,
    endpointRequired: true,
    // Read from the endpoint (oss-<region>.aliyuncs.com); required otherwise.
    defaultRegion: null,
    // OSS refuses path-style requests.
    defaultPathStyle: false,
    endpointExample: 'https://oss-cn-hangzhou.aliyuncs.com',
  },
  other_s3: {
    driver: 's3',
    fields: S3_FIELDS,
    endpointRequired: true,
    defaultRegion: 'us-east-1',
    // MinIO, Ceph and most self-hosted servers only answer path-style requests.
    defaultPathStyle: true,
    endpointExample: 'https://minio.example.com:9000',
  },
  local: {
    driver: 'local',
    fields: ['root_path'],
    endpointRequired: false,
    defaultRegion: null,
    defaultPathStyle: false,
    endpointExample: null,
  },
};

/** The lifetime of signed URLs when the admin names none (seconds). */
export const STORAGE_SIGNATURE_DEFAULT_SECONDS = 3600;
/** S3's ceiling on presigned URL lifetime: one week. */
export const STORAGE_SIGNATURE_MAX_SECONDS = 604_800;
export const STORAGE_CONFIG_NAME_MAX = 100;

/**
 * The region a provider uses when the admin left it empty: read from a B2 or OSS endpoint,
 * else the provider's default; null when it must be given.
 */
export function defaultStorageRegion(
  provider: StorageProviderType,
  endpointUrl?: string | null,
): string | null {
  const host = hostOf(endpointUrl);
  if (provider === 'backblaze_b2' && host) {
    return /^s3\.([a-z0-9-]+)\.backblazeb2\.com$/.exec(host)?.[1] ?? null;
  }
  if (provider === 'aliyun_oss' && host) {
    return /^(oss-[a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(host)?.[1] ?? null;
  }
  return STORAGE_PROVIDERS[provider].defaultRegion;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** '' means "not given" for text fields a form sends. */
const blankToNull = (value: string | null) => (value === null || value === '' ? null : value);

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .transform(blankToNull)
    .pipe(
      z.url({ protocol: /^https?$/, message: `${what} must be an http or https URL` }).nullable(),
    )
    .nullable();

const optionalName = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).transform(blankToNull).nullable();

/** The fields of a storage config as the API takes them (snake_case); none has a default. */
const storageConfigFields = {
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(STORAGE_CONFIG_NAME_MAX, `must be at most ${STORAGE_CONFIG_NAME_MAX} characters`),
  provider_type: z.enum(STORAGE_PROVIDER_TYPES, { message: 'unknown provider type' }),
  endpoint_url: httpUrl('the endpoint'),
  region: optionalName(64),
  bucket_name: optionalName(255).refine((v) => v === null || /^[^\s/\\]+$/.test(v), {
    message: 'must not contain spaces or slashes',
  }),
  access_key_id: optionalName(256),
  /** Write-only: never returned. On update, omitted or empty keeps the stored secret. */
  secret_access_key: z
    .string()
    .max(1024, 'must be at most 1024 characters')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  path_style: z.boolean({ message: 'must be true or false' }),
  /** A folder inside the bucket every file of this config goes under. */
  default_folder: z
    .string()
    .trim()
    .max(1024, 'must be at most 1024 characters')
    .transform((value) => blankToNull(value.replace(/^\/+|\/+$/g, '')))
    .nullable(),
  /** A CDN or custom domain that serves the bucket's objects. */
  custom_host: httpUrl('the custom host'),
  /** How long signed URLs stay valid, in seconds. */
  signature_expires_in: z
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(STORAGE_SIGNATURE_MAX_SECONDS, `must be at most ${STORAGE_SIGNATURE_MAX_SECONDS} seconds`),
  /** Total capacity quota in bytes; null is unlimited. */
  total_storage_bytes: z
    .number({ message: 'must be a number of bytes' })
    .int('must be a whole number of bytes')
    .min(1, 'must be greater than 0')
    .max(Number.MAX_SAFE_INTEGER)
    .nullable(),
  allow_api_keys: z.boolean({ message: 'must be true or false' }),
  is_default: z.boolean({ message: 'must be true or false' }),
  /** Local disk: the directory that holds the files (absolute, or relative to DATA_DIR). */
  root_path: optionalName(1024),
};

/** The values the provider requirements are checked on (a request, or a merged update). */
export interface StorageConfigRequirementInput {
  provider_type: StorageProviderType;
  endpoint_url?: string | null | undefined;
  region?: string | null | undefined;
  bucket_name?: string | null | undefined;
  access_key_id?: string | null | undefined;
  secret_access_key?: string | null | undefined;
  root_path?: string | null | undefined;
}

/** One missing field: which field, and the rule it broke ('required'). */
export interface StorageConfigRequirementIssue {
  field: StorageConfigProviderField;
  rule: 'required';
  message: string;
}

/**
 * What a provider needs that the values lack (endpoint except on AWS, bucket, keys and a
 * region that cannot be defaulted; a root directory on local disk). `secretStored` says a
 * secret is already saved, so an update may leave it out.
 */
export function storageConfigRequirementIssues(
  values: StorageConfigRequirementInput,
  options: { secretStored: boolean },
): StorageConfigRequirementIssue[] {
  const spec = STORAGE_PROVIDERS[values.provider_type];
  const issues: StorageConfigRequirementIssue[] = [];
  const missing = (field: StorageConfigProviderField, message: string) =>
    issues.push({ field, rule: 'required', message });
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  if (spec.driver === 'local') {
    if (blank(values.root_path)) missing('root_path', 'a local disk needs a root directory');
    return issues;
  }
  if (spec.endpointRequired && blank(values.endpoint_url)) {
    missing('endpoint_url', 'this provider needs an endpoint URL');
  }
  if (blank(values.region) && !defaultStorageRegion(values.provider_type, values.endpoint_url)) {
    missing('region', 'give the region (it cannot be read from this endpoint)');
  }
  if (blank(values.bucket_name)) missing('bucket_name', 'the bucket name is required');
  if (blank(values.access_key_id)) missing('access_key_id', 'the access key ID is required');
  if (blank(values.secret_access_key) && !options.secretStored) {
    missing('secret_access_key', 'the secret access key is required');
  }
  return issues;
}

/** `POST /api/s3-configs` body. */
export const createStorageConfigRequestSchema = strictBody(
  z.object({
    ...storageConfigFields,
    endpoint_url: storageConfigFields.endpoint_url.optional(),
    region: storageConfigFields.region.optional(),
    bucket_name: storageConfigFields.bucket_name.optional(),
    access_key_id: storageConfigFields.access_key_id.optional(),
    // Absent: the provider's default (path-style for self-hosted servers).
    path_style: storageConfigFields.path_style.optional(),
    default_folder: storageConfigFields.default_folder.optional(),
    custom_host: storageConfigFields.custom_host.optional(),
    signature_expires_in: storageConfigFields.signature_expires_in.default(
      STORAGE_SIGNATURE_DEFAULT_SECONDS,
    ),
    total_storage_bytes: storageConfigFields.total_storage_bytes.default(null),
    allow_api_keys: storageConfigFields.allow_api_keys.default(false),
    is_default: storageConfigFields.is_default.default(false),
    root_path: storageConfigFields.root_path.optional(),
  }),
).superRefine((values, ctx) => {
  for (const issue of storageConfigRequirementIssues(values, { secretStored: false })) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
});
export type CreateStorageConfigRequest = z.input<typeof createStorageConfigRequestSchema>;
export type CreateStorageConfigInput = z.output<typeof createStorageConfigRequestSchema>;

/**
 * `PUT /api/s3-configs/{id}` body: any subset. The server checks the provider requirements on
 * the stored config with these changes applied; null clears an optional field.
 */
export const updateStorageConfigRequestSchema = strictBody(z.object(storageConfigFields).partial());
export type UpdateStorageConfigRequest = z.input<typeof updateStorageConfigRequestSchema>;
export type UpdateStorageConfigInput = z.output<typeof updateStorageConfigRequestSchema>;

/** A storage config as the admin sees it: never the secret, only whether one is stored. */
export const storageConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider_type: z.enum(STORAGE_PROVIDER_TYPES),
  driver: z.enum(['local', 's3']),
  endpoint_url: z.string().nullable(),
  region: z.string().nullable(),
  bucket_name: z.string().nullable(),
  access_key_id: z.string().nullable(),
  has_secret: z.boolean(),
  path_style: z.boolean(),
  default_folder: z.string().nullable(),
  custom_host: z.string().nullable(),
  signature_expires_in: z.number(),
  total_storage_bytes: z.number().nullable(),
  /** Bytes of ready and pending files on it (pending uploads reserve their space). */
  used_bytes: z.number(),
  /** Files of any status that live on it; deleting the config is refused while this is > 0. */
  file_count: z.number(),
  allow_api_keys: z.boolean(),
  is_default: z.boolean(),
  root_path: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/**
 * Why deleting a config is refused (409 CONFLICT `details[].rule`, field `id`): files still on
 * it, mount points showing it, or it is the default (make another one the default first).
 */
export const STORAGE_CONFIG_DELETE_CONFLICTS = ['in_use', 'mounted', 'is_default'] as const;
export type StorageConfigDeleteConflict = (typeof STORAGE_CONFIG_DELETE_CONFLICTS)[number];

/** The four checks of `POST /api/s3-configs/{id}/test`, in the order they run. */
export const STORAGE_TEST_CHECKS = ['write', 'read', 'delete', 'cors'] as const;
export type StorageTestCheckName = (typeof STORAGE_TEST_CHECKS)[number];

export const STORAGE_TEST_STATUSES = ['ok', 'failed', 'skipped'] as const;

/**
 * Why a check ended as it did, so the web words it in the reader's language (`message` and
 * `fix` are the same in English, for API users).
 */
export const STORAGE_TEST_REASONS = [
  'ok',
  /** Read: the bucket answered; reading a file back was not tried (the write failed). */
  'bucket_reachable',
  /** The access key ID or secret is wrong. */
  'invalid_credentials',
  /** The key is valid but lacks the permission this step needs. */
  'access_denied',
  'bucket_missing',
  /** The bucket lives in another region or behind another endpoint. */
  'wrong_region',
  /** No answer: wrong endpoint, DNS, firewall. */
  'unreachable',
  'timeout',
  /** Read back bytes that differ from those written. */
  'content_mismatch',
  /** Local disk: the root directory is missing or not writable. */
  'local_root',
  /** Skipped because the write check failed (nothing to read back or delete). */
  'write_failed',
  /** Local disk: files are served by this app, so no CORS is involved. */
  'cors_not_needed',
  /** The bucket has no CORS rule for this app's origin (preflight refused). */
  'cors_missing',
  /** A rule matches the origin but does not allow PUT with a Content-Type header. */
  'cors_put_not_allowed',
  /** Uploads are allowed but the ETag header is not exposed (multipart needs it). */
  'cors_etag_hidden',
  /** Any other failure; `detail` has the storage's own words. */
  'other',
] as const;
export type StorageTestReason = (typeof STORAGE_TEST_REASONS)[number];

/** The outcome of one check, with a fix in plain words when it failed. */
export const storageTestCheckSchema = z.object({
  status: z.enum(STORAGE_TEST_STATUSES),
  reason: z.enum(STORAGE_TEST_REASONS),
  message: z.string(),
  fix: z.string().nullable(),
  /** The storage's own error (name and message), for the curious; null when none. */
  detail: z.string().nullable(),
});
export type StorageTestCheck = z.infer<typeof storageTestCheckSchema>;

/** `POST /api/s3-configs/{id}/test` → data. */
export const storageTestResultSchema = z.object({
  /** True when no check failed. */
  ok: z.boolean(),
  /** The origin the CORS check used: this app's address (PUBLIC_URL, else the request's). */
  origin: z.string(),
  checks: z.object({
    write: storageTestCheckSchema,
    read: storageTestCheckSchema,
    delete: storageTestCheckSchema,
    cors: storageTestCheckSchema,
  }),
  /** The CORS rule to paste into the bucket's settings (JSON), for S3 providers. */
  cors_rule: z.string().nullable(),
  tested_at: z.string(),
});
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** One entry of `GET /api/upload/storage-configs`: a config the caller may upload to. */
export const uploadStorageConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider_type: z.enum(STORAGE_PROVIDER_TYPES),
  is_default: z.boolean(),
});
export type UploadStorageConfig = z.infer<typeof uploadStorageConfigSchema>;

/**
 * The CORS rule that lets browsers on `origin` upload straight to a bucket and read the ETag
 * of each part, in the JSON the AWS, R2 and B2 consoles accept.
 */
export function corsRuleFor(origin: string): string {
  const rule = [
    {
      AllowedOrigins: [origin],
      AllowedMethods: ['GET', 'HEAD', 'PUT'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag'],
      MaxAgeSeconds: 3600,
    },
  ];
  return JSON.stringify(rule, null, 2);
}
