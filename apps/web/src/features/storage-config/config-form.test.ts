import type { StorageConfig } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { checkTextKeys } from './check-text';
import {
  NEW_CONFIG_VALUES,
  toCreateRequest,
  toUpdateRequest,
  validateConfigForm,
  valuesFromConfig,
  type ConfigFormValues,
} from './config-form';
import { quotaFromBytes, quotaToBytes } from './quota';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const r2: ConfigFormValues = {
  ...NEW_CONFIG_VALUES,
  name: 'Media',
  endpointUrl: 'https://acc.r2.cloudflarestorage.com',
  bucketName: 'media',
  accessKeyId: 'AKID',
  secretAccessKey: 's3cret',
};

describe('quota input', () => {
  it.each([
    [null, { value: '', unit: 'GB' }],
    [2 * GB, { value: '2', unit: 'GB' }],
    [512 * MB, { value: '512', unit: 'MB' }],
    [1.5 * MB, { value: '1.5', unit: 'MB' }],
  ] as const)('shows %s bytes as %j and reads it back', (bytes, input) => {
    expect(quotaFromBytes(bytes)).toEqual(input);
    expect(quotaToBytes(input)).toBe(bytes);
  });

  it('reads empty as unlimited and refuses what is not a positive size', () => {
    expect(quotaToBytes({ value: '  ', unit: 'MB' })).toBeNull();
    for (const value of ['0', '-1', 'abc', '1e400']) {
      expect(quotaToBytes({ value, unit: 'GB' })).toBeNaN();
    }
  });
});

describe('storage config form', () => {
  it('asks each provider for what it needs (the contract rules)', () => {
    expect(validateConfigForm(NEW_CONFIG_VALUES, { secretStored: false })).toEqual({
      name: 'nameRequired',
      endpointUrl: 'endpointRequired',
      bucketName: 'bucketRequired',
      accessKeyId: 'accessKeyRequired',
      secretAccessKey: 'secretRequired',
    });
    expect(
      validateConfigForm({ ...r2, provider: 'aws_s3', endpointUrl: '' }, { secretStored: false }),
    ).toEqual({});
    expect(
      validateConfigForm(
        { ...r2, provider: 'backblaze_b2', endpointUrl: 'https://b2.example' },
        { secretStored: false },
      ),
    ).toEqual({ region: 'regionRequired' });
    expect(
      validateConfigForm(
        { ...NEW_CONFIG_VALUES, name: 'Disk', provider: 'local' },
        { secretStored: false },
      ),
    ).toEqual({
      rootPath: 'rootRequired',
    });
  });

  it('lets an edit keep a stored secret', () => {
    const values = { ...r2, secretAccessKey: '' };
    expect(validateConfigForm(values, { secretStored: true })).toEqual({});
    expect(validateConfigForm(values, { secretStored: false })).toEqual({
      secretAccessKey: 'secretRequired',
    });
  });

  it.each([
    [{ endpointUrl: 'acc.r2.example' }, 'endpointUrl', 'urlInvalid'],
    [{ customHost: 'ftp://cdn.example' }, 'customHost', 'urlInvalid'],
    [{ bucketName: 'my bucket' }, 'bucketName', 'bucketInvalid'],
    [{ defaultFolder: 'a/../b' }, 'defaultFolder', 'folderInvalid'],
    [{ defaultFolder: 'a//b' }, 'defaultFolder', 'folderInvalid'],
    [{ signatureExpiresIn: '0' }, 'signatureExpiresIn', 'expiresInvalid'],
    [{ signatureExpiresIn: '1.5' }, 'signatureExpiresIn', 'expiresInvalid'],
    [{ signatureExpiresIn: '604801' }, 'signatureExpiresIn', 'expiresInvalid'],
    [{ quotaValue: '0' }, 'quota', 'quotaInvalid'],
    [{ name: 'x'.repeat(101) }, 'name', 'nameTooLong'],
  ] as const)('refuses %j on %s', (patch, field, problem) => {
    expect(validateConfigForm({ ...r2, ...patch }, { secretStored: false })).toEqual({
      [field]: problem,
    });
  });

  it('accepts a folder with outer slashes', () => {
    expect(
      validateConfigForm({ ...r2, defaultFolder: '/share/2026/' }, { secretStored: false }),
    ).toEqual({});
  });

  it('sends only the chosen provider’s fields', () => {
    const local = toCreateRequest({
      ...r2,
      provider: 'local',
      rootPath: ' /srv/files ',
      quotaValue: '5',
    });
    expect(local).toEqual({
      name: 'Media',
      provider_type: 'local',
      root_path: '/srv/files',
      signature_expires_in: 3600,
      total_storage_bytes: 5 * GB,
      allow_api_keys: false,
      is_default: false,
    });
    expect(toCreateRequest(r2)).toMatchObject({
      provider_type: 'cloudflare_r2',
      region: null,
      secret_access_key: 's3cret',
    });
    expect(toCreateRequest(r2)).not.toHaveProperty('root_path');
  });

  it('round-trips a stored config into an update that keeps the secret and the default as they are', () => {
    const config: StorageConfig = {
      id: 'c2',
      name: 'Media',
      provider_type: 'other_s3',
      driver: 's3',
      endpoint_url: 'https://minio.local:9000',
      region: 'us-east-1',
      bucket_name: 'media',
      access_key_id: 'AKID',
      has_secret: true,
      path_style: true,
      default_folder: 'share',
      custom_host: 'https://cdn.example.com',
      signature_expires_in: 600,
      total_storage_bytes: 300 * MB,
      used_bytes: 0,
      file_count: 0,
      allow_api_keys: true,
      is_default: false,
      root_path: null,
      created_at: '',
      updated_at: '',
    };
    expect(toUpdateRequest(valuesFromConfig(config))).toEqual({
      name: 'Media',
      provider_type: 'other_s3',
      endpoint_url: 'https://minio.local:9000',
      region: 'us-east-1',
      bucket_name: 'media',
      access_key_id: 'AKID',
      path_style: true,
      default_folder: 'share',
      custom_host: 'https://cdn.example.com',
      signature_expires_in: 600,
      total_storage_bytes: 300 * MB,
      allow_api_keys: true,
    });
    expect(toUpdateRequest({ ...valuesFromConfig(config), isDefault: true })).toMatchObject({
      is_default: true,
    });
  });
});

describe('check texts', () => {
  it('chooses message and fix keys by reason, per check where the wording differs', () => {
    expect(checkTextKeys('write', { status: 'ok', reason: 'ok' })).toEqual({
      message: 'ok_write',
      fix: null,
    });
    expect(checkTextKeys('delete', { status: 'failed', reason: 'access_denied' })).toEqual({
      message: 'access_denied_delete',
      fix: 'access_denied_delete',
    });
    expect(checkTextKeys('delete', { status: 'skipped', reason: 'write_failed' })).toEqual({
      message: 'write_failed_delete',
      fix: null,
    });
    expect(checkTextKeys('cors', { status: 'failed', reason: 'cors_etag_hidden' })).toEqual({
      message: 'cors_etag_hidden',
      fix: 'cors_etag_hidden',
    });
    expect(checkTextKeys('read', { status: 'ok', reason: 'bucket_reachable' })).toEqual({
      message: 'bucket_reachable',
      fix: null,
    });
  });
});
