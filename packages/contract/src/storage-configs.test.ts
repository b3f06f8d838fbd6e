import { describe, expect, it } from 'vitest';
import {
  corsRuleFor,
  createStorageConfigRequestSchema,
  defaultStorageRegion,
  STORAGE_PROVIDER_TYPES,
  STORAGE_PROVIDERS,
  storageConfigRequirementIssues,
  updateStorageConfigRequestSchema,
  type StorageProviderType,
} from './storage-configs.js';

const S3_BASE = {
  name: 'Bucket',
  endpoint_url: 'https://s3.example.com',
  region: 'eu-1',
  bucket_name: 'files',
  access_key_id: 'AKIA',
  secret_access_key: 'secret',
};

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('storage providers', () => {
  it('has a spec for every provider, local disk the only non-S3 one', () => {
    for (const provider of STORAGE_PROVIDER_TYPES) {
      expect(STORAGE_PROVIDERS[provider].driver).toBe(provider === 'local' ? 'local' : 's3');
    }
    expect(STORAGE_PROVIDERS.local.fields).toEqual(['root_path']);
    expect(STORAGE_PROVIDERS.other_s3.defaultPathStyle).toBe(true);
  });

  it.each([
    ['cloudflare_r2', undefined, 'auto'],
    ['aws_s3', undefined, 'us-east-1'],
    ['other_s3', 'https://minio.local:9000', 'us-east-1'],
    ['backblaze_b2', 'https://s3.eu-central-003.backblazeb2.com', 'eu-central-003'],
    ['backblaze_b2', 'https://b2.example.com', null],
    ['aliyun_oss', 'https://oss-cn-hangzhou.aliyuncs.com', 'oss-cn-hangzhou'],
    ['aliyun_oss', 'https://oss-cn-shanghai-internal.aliyuncs.com', 'oss-cn-shanghai'],
    ['aliyun_oss', undefined, null],
    ['local', undefined, null],
  ] as const)('%s with endpoint %s defaults its region to %s', (provider, endpoint, region) => {
    expect(defaultStorageRegion(provider, endpoint)).toBe(region);
  });
});

describe('create request', () => {
  it.each<[StorageProviderType, Record<string, unknown>, string[]]>([
    ['cloudflare_r2', { endpoint_url: undefined, region: undefined }, ['endpoint_url']],
    ['backblaze_b2', { endpoint_url: 'https://b2.example.com', region: '' }, ['region']],
    ['aliyun_oss', { endpoint_url: '', region: '' }, ['endpoint_url', 'region']],
    ['other_s3', { bucket_name: '', access_key_id: '  ' }, ['bucket_name', 'access_key_id']],
    ['other_s3', { secret_access_key: '' }, ['secret_access_key']],
    ['aws_s3', { endpoint_url: undefined, region: undefined }, []],
    ['cloudflare_r2', { region: undefined }, []],
  ])('%s with %j is missing %j', (provider, patch, missing) => {
    const result = createStorageConfigRequestSchema.safeParse({
      ...S3_BASE,
      provider_type: provider,
      ...patch,
    });
    expect(fieldsOf(result).sort()).toEqual([...missing].sort());
  });

  it('needs only a root folder for local disk, and applies the defaults', () => {
    const missing = createStorageConfigRequestSchema.safeParse({
      name: 'Disk',
      provider_type: 'local',
    });
    expect(fieldsOf(missing)).toEqual(['root_path']);
    const parsed = createStorageConfigRequestSchema.parse({
      name: ' Disk ',
      provider_type: 'local',
      root_path: '/srv/pasteport',
    });
    expect(parsed).toEqual({
      name: 'Disk',
      provider_type: 'local',
      root_path: '/srv/pasteport',
      signature_expires_in: 3600,
      total_storage_bytes: null,
      allow_api_keys: false,
      is_default: false,
    });
  });

  it('normalises blanks to null, trims the folder, and refuses bad values and unknown fields', () => {
    const parsed = createStorageConfigRequestSchema.parse({
      ...S3_BASE,
      provider_type: 'other_s3',
      custom_host: '',
      default_folder: '/uploads/2026/',
    });
    expect(parsed).toMatchObject({ custom_host: null, default_folder: 'uploads/2026' });
    const bad = createStorageConfigRequestSchema.safeParse({
      ...S3_BASE,
      provider_type: 'other_s3',
      endpoint_url: 'ftp://x.example',
      bucket_name: 'a/b',
      signature_expires_in: 604_801,
      total_storage_bytes: 0,
      secret: 'x',
    });
    expect(fieldsOf(bad).sort()).toEqual(
      [
        'secret',
        'bucket_name',
        'endpoint_url',
        'signature_expires_in',
        'total_storage_bytes',
      ].sort(),
    );
  });
});

describe('update request and requirement check', () => {
  it('takes any subset; an empty secret means "keep"', () => {
    expect(updateStorageConfigRequestSchema.parse({ secret_access_key: '' })).toEqual({});
    expect(updateStorageConfigRequestSchema.parse({ custom_host: '', name: 'x' })).toEqual({
      custom_host: null,
      name: 'x',
    });
    expect(updateStorageConfigRequestSchema.safeParse({ driver: 's3' }).success).toBe(false);
  });

  it('accepts a missing secret only when one is stored', () => {
    const values = { ...S3_BASE, provider_type: 'other_s3' as const, secret_access_key: null };
    expect(storageConfigRequirementIssues(values, { secretStored: true })).toEqual([]);
    expect(storageConfigRequirementIssues(values, { secretStored: false })).toEqual([
      expect.objectContaining({ field: 'secret_access_key', rule: 'required' }),
    ]);
  });
});

describe('CORS rule', () => {
  it('allows the origin to PUT and exposes ETag, as JSON a console accepts', () => {
    expect(JSON.parse(corsRuleFor('https://paste.example.com'))).toEqual([
      {
        AllowedOrigins: ['https://paste.example.com'],
        AllowedMethods: ['GET', 'HEAD', 'PUT'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3600,
      },
    ]);
  });
});
