import {
  defaultStorageRegion,
  STORAGE_PROVIDERS,
  STORAGE_SIGNATURE_DEFAULT_SECONDS,
  type StorageDriverName,
  type StorageProviderType,
  type ValidationIssue,
} from '@pasteport/contract';
import { AppError, isAppError } from '../../lib/app-error.js';
import { providerOf } from '../../storage/registry.js';
import { parseStorageOptions } from '../../storage/storage-factory.js';

/**
 * A storage config in the API's terms (snake_case fields), secret included: what the admin
 * sends, and what a stored row reads back as. The secret never leaves the server.
 */
export interface StorageConfigValues {
  name: string;
  provider_type: StorageProviderType;
  endpoint_url: string | null;
  region: string | null;
  bucket_name: string | null;
  access_key_id: string | null;
  /** Plain text inside the server only; sealed before it is stored, never presented. */
  secret_access_key: string | null;
  path_style: boolean;
  default_folder: string | null;
  custom_host: string | null;
  signature_expires_in: number;
  total_storage_bytes: number | null;
  allow_api_keys: boolean;
  root_path: string | null;
}

/** Which API field each driver option comes from, to name the right field in a 400. */
const API_FIELD_OF_OPTION: Record<string, string> = {
  endpoint: 'endpoint_url',
  region: 'region',
  bucket: 'bucket_name',
  accessKeyId: 'access_key_id',
  secretAccessKey: 'secret_access_key',
  forcePathStyle: 'path_style',
  prefix: 'default_folder',
  presignExpiresSeconds: 'signature_expires_in',
  customHost: 'custom_host',
  root: 'root_path',
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * A stored row's values from its options JSON; `secret` is the secret as the caller has it
 * (opened, or null when it is not wanted or cannot be opened).
 */
export function valuesFromStored(
  row: {
    name: string;
    provider_type: string;
    allow_api_keys: number;
    quota_bytes: number | null;
  },
  options: Record<string, unknown>,
  secret: string | null,
): StorageConfigValues {
  const expires = options.presignExpiresSeconds;
  return {
    name: row.name,
    provider_type: providerOf(row.provider_type),
    endpoint_url: text(options.endpoint),
    region: text(options.region),
    bucket_name: text(options.bucket),
    access_key_id: text(options.accessKeyId),
    secret_access_key: secret,
    path_style: options.forcePathStyle === true,
    default_folder: text(options.prefix),
    custom_host: text(options.customHost),
    signature_expires_in: typeof expires === 'number' ? expires : STORAGE_SIGNATURE_DEFAULT_SECONDS,
    total_storage_bytes: row.quota_bytes === null ? null : Number(row.quota_bytes),
    allow_api_keys: row.allow_api_keys === 1,
    root_path: text(options.root),
  };
}

/** The driver and its options (secret in plain text) for a config's values. */
function rawDriverOptions(values: StorageConfigValues): {
  driver: StorageDriverName;
  options: Record<string, unknown>;
} {
  const spec = STORAGE_PROVIDERS[values.provider_type];
  if (spec.driver === 'local') {
    return { driver: 'local', options: { root: values.root_path ?? '' } };
  }
  const region = values.region ?? defaultStorageRegion(values.provider_type, values.endpoint_url);
  return {
    driver: 's3',
    options: {
      ...(values.endpoint_url !== null && { endpoint: values.endpoint_url }),
      region: region ?? '',
      bucket: values.bucket_name ?? '',
      accessKeyId: values.access_key_id ?? '',
      secretAccessKey: values.secret_access_key ?? '',
      forcePathStyle: values.path_style,
      ...(values.default_folder !== null && { prefix: values.default_folder }),
      presignExpiresSeconds: values.signature_expires_in,
      ...(values.custom_host !== null && { customHost: values.custom_host }),
    },
  };
}

/**
 * Validates a config's values with its driver's own schema and returns what is stored
 * (secret still in plain text: the registry seals it). A driver's complaint is a 400 naming the
 * API field, e.g. `default_folder`, not the driver's `options.prefix`.
 */
export function driverOptionsFor(values: StorageConfigValues): {
  driver: StorageDriverName;
  options: Record<string, unknown>;
} {
  const { driver, options } = rawDriverOptions(values);
  let parsed: Record<string, unknown>;
  try {
    parsed = parseStorageOptions({ driver, options }) as Record<string, unknown>;
  } catch (error) {
    throw isAppError(error) && error.code === 'VALIDATION_FAILED'
      ? renameOptionFields(error)
      : error;
  }
  // The local driver has no signing lifetime of its own; the files service reads it from here.
  if (driver === 'local')
    parsed = { ...parsed, presignExpiresSeconds: values.signature_expires_in };
  return { driver, options: parsed };
}

function renameOptionFields(error: AppError): AppError {
  const details: ValidationIssue[] = (error.details ?? []).map((issue) => {
    const option = issue.field.replace(/^options\./, '').split('.')[0] ?? '';
    return { ...issue, field: API_FIELD_OF_OPTION[option] ?? issue.field };
  });
  const fields = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', `invalid storage config: ${fields}`, {
    details,
    cause: error,
  });
}
