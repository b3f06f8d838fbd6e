import {
  STORAGE_CONFIG_NAME_MAX,
  STORAGE_PROVIDERS,
  STORAGE_SIGNATURE_DEFAULT_SECONDS,
  STORAGE_SIGNATURE_MAX_SECONDS,
  storageConfigRequirementIssues,
  type CreateStorageConfigRequest,
  type StorageConfig,
  type StorageConfigProviderField,
  type StorageProviderType,
  type UpdateStorageConfigRequest,
} from '@pasteport/contract';
import { quotaFromBytes, quotaToBytes, type QuotaUnit } from './quota';

/** What the storage dialog edits; numbers stay text until submit so typing is never fought. */
export interface ConfigFormValues {
  name: string;
  provider: StorageProviderType;
  endpointUrl: string;
  region: string;
  bucketName: string;
  accessKeyId: string;
  /** Empty when editing means "keep the stored secret". */
  secretAccessKey: string;
  pathStyle: boolean;
  defaultFolder: string;
  customHost: string;
  signatureExpiresIn: string;
  /** Empty means unlimited. */
  quotaValue: string;
  quotaUnit: QuotaUnit;
  allowApiKeys: boolean;
  isDefault: boolean;
  rootPath: string;
}

/** Fields that can carry an error. */
export type ConfigFormField =
  | 'name'
  | 'endpointUrl'
  | 'region'
  | 'bucketName'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'defaultFolder'
  | 'customHost'
  | 'signatureExpiresIn'
  | 'quota'
  | 'rootPath';

/** Each problem has a message under storageConfig.form.errors. */
export type ConfigFormProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'endpointRequired'
  | 'urlInvalid'
  | 'regionRequired'
  | 'bucketRequired'
  | 'bucketInvalid'
  | 'accessKeyRequired'
  | 'secretRequired'
  | 'folderInvalid'
  | 'expiresInvalid'
  | 'quotaInvalid'
  | 'rootRequired';

export type ConfigFormProblems = Partial<Record<ConfigFormField, ConfigFormProblem>>;

/** A new config: Cloudflare R2 (the most common choice), unlimited, links valid one hour. */
export const NEW_CONFIG_VALUES: ConfigFormValues = {
  name: '',
  provider: 'cloudflare_r2',
  endpointUrl: '',
  region: '',
  bucketName: '',
  accessKeyId: '',
  secretAccessKey: '',
  pathStyle: STORAGE_PROVIDERS.cloudflare_r2.defaultPathStyle,
  defaultFolder: '',
  customHost: '',
  signatureExpiresIn: String(STORAGE_SIGNATURE_DEFAULT_SECONDS),
  quotaValue: '',
  quotaUnit: 'GB',
  allowApiKeys: false,
  isDefault: false,
  rootPath: '',
};

/** The edit form of a stored config; the secret stays empty (kept unless retyped). */
export function valuesFromConfig(config: StorageConfig): ConfigFormValues {
  const quota = quotaFromBytes(config.total_storage_bytes);
  return {
    name: config.name,
    provider: config.provider_type,
    endpointUrl: config.endpoint_url ?? '',
    region: config.region ?? '',
    bucketName: config.bucket_name ?? '',
    accessKeyId: config.access_key_id ?? '',
    secretAccessKey: '',
    pathStyle: config.path_style,
    defaultFolder: config.default_folder ?? '',
    customHost: config.custom_host ?? '',
    signatureExpiresIn: String(config.signature_expires_in),
    quotaValue: quota.value,
    quotaUnit: quota.unit,
    allowApiKeys: config.allow_api_keys,
    isDefault: config.is_default,
    rootPath: config.root_path ?? '',
  };
}

/** Whether a provider-specific field shows for the chosen provider. */
export function showsField(provider: StorageProviderType, field: StorageConfigProviderField) {
  return STORAGE_PROVIDERS[provider].fields.includes(field);
}

const REQUIRED_PROBLEM: Partial<
  Record<StorageConfigProviderField, [ConfigFormField, ConfigFormProblem]>
> = {
  endpoint_url: ['endpointUrl', 'endpointRequired'],
  region: ['region', 'regionRequired'],
  bucket_name: ['bucketName', 'bucketRequired'],
  access_key_id: ['accessKeyId', 'accessKeyRequired'],
  secret_access_key: ['secretAccessKey', 'secretRequired'],
  root_path: ['rootPath', 'rootRequired'],
};

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Whole seconds 1..7 days, or undefined. */
function parseSeconds(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= STORAGE_SIGNATURE_MAX_SECONDS
    ? value
    : undefined;
}

/**
 * Every problem of the form. What each provider needs comes from the contract, the same rules
 * the server applies; `secretStored` says an edited config already has a secret to keep.
 */
export function validateConfigForm(
  values: ConfigFormValues,
  options: { secretStored: boolean },
): ConfigFormProblems {
  const problems: ConfigFormProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > STORAGE_CONFIG_NAME_MAX) problems.name = 'nameTooLong';

  const issues = storageConfigRequirementIssues(
    {
      provider_type: values.provider,
      endpoint_url: values.endpointUrl,
      region: values.region,
      bucket_name: values.bucketName,
      access_key_id: values.accessKeyId,
      secret_access_key: values.secretAccessKey,
      root_path: values.rootPath,
    },
    options,
  );
  for (const issue of issues) {
    const mapped = REQUIRED_PROBLEM[issue.field];
    if (mapped) problems[mapped[0]] = mapped[1];
  }

  if (STORAGE_PROVIDERS[values.provider].driver === 's3') {
    const endpoint = values.endpointUrl.trim();
    if (endpoint !== '' && !isHttpUrl(endpoint)) problems.endpointUrl = 'urlInvalid';
    if (/[\s/\\]/.test(values.bucketName.trim())) problems.bucketName = 'bucketInvalid';
    const host = values.customHost.trim();
    if (host !== '' && !isHttpUrl(host)) problems.customHost = 'urlInvalid';
    const folder = values.defaultFolder.trim().replace(/^\/+|\/+$/g, '');
    if (
      folder
        .split('/')
        .some((part) => part === '.' || part === '..' || (folder !== '' && part === ''))
    ) {
      problems.defaultFolder = 'folderInvalid';
    }
  }
  if (parseSeconds(values.signatureExpiresIn) === undefined)
    problems.signatureExpiresIn = 'expiresInvalid';
  if (Number.isNaN(quotaToBytes({ value: values.quotaValue, unit: values.quotaUnit }))) {
    problems.quota = 'quotaInvalid';
  }
  return problems;
}

const nullIfBlank = (text: string) => (text.trim() === '' ? null : text.trim());

/** The fields both requests share, only those the provider uses. */
function commonFields(values: ConfigFormValues) {
  const s3 = STORAGE_PROVIDERS[values.provider].driver === 's3';
  return {
    name: values.name.trim(),
    provider_type: values.provider,
    signature_expires_in:
      parseSeconds(values.signatureExpiresIn) ?? STORAGE_SIGNATURE_DEFAULT_SECONDS,
    total_storage_bytes: quotaToBytes({ value: values.quotaValue, unit: values.quotaUnit }),
    allow_api_keys: values.allowApiKeys,
    ...(s3
      ? {
          endpoint_url: nullIfBlank(values.endpointUrl),
          region: nullIfBlank(values.region),
          bucket_name: nullIfBlank(values.bucketName),
          access_key_id: nullIfBlank(values.accessKeyId),
          path_style: values.pathStyle,
          default_folder: nullIfBlank(values.defaultFolder),
          custom_host: nullIfBlank(values.customHost),
          ...(values.secretAccessKey !== '' && { secret_access_key: values.secretAccessKey }),
        }
      : { root_path: nullIfBlank(values.rootPath) }),
  };
}

/** POST /s3-configs body of a valid form. */
export function toCreateRequest(values: ConfigFormValues): CreateStorageConfigRequest {
  return { ...commonFields(values), is_default: values.isDefault };
}

/**
 * PUT /s3-configs/{id} body of a valid form. An empty secret is left out (the stored one is
 * kept); the default flag is only sent to make it the default (it cannot be switched off).
 */
export function toUpdateRequest(values: ConfigFormValues): UpdateStorageConfigRequest {
  return { ...commonFields(values), ...(values.isDefault && { is_default: true }) };
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, ConfigFormField> = {
  name: 'name',
  endpoint_url: 'endpointUrl',
  region: 'region',
  bucket_name: 'bucketName',
  access_key_id: 'accessKeyId',
  secret_access_key: 'secretAccessKey',
  default_folder: 'defaultFolder',
  custom_host: 'customHost',
  signature_expires_in: 'signatureExpiresIn',
  total_storage_bytes: 'quota',
  root_path: 'rootPath',
};
