import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { createStorageDriver, parseStorageOptions } from './storage-factory.js';

// Proves the S3 SDK is loaded lazily: importing the factory and building a local driver
// must never touch it, and only building an S3 driver does.
const sdk = vi.hoisted(() => ({ loaded: false }));
vi.mock('@aws-sdk/client-s3', async (importOriginal) => {
  sdk.loaded = true;
  return importOriginal();
});

const context = { signingKey: randomBytes(32), signedUrlBase: '/api/storage/local' };
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pasteport-factory-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function detailsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details?.map((d) => d.field);
  }
  throw new Error('expected a validation error');
}

describe('storage factory', () => {
  it('builds a local driver without loading the S3 SDK', async () => {
    const driver = await createStorageDriver(
      'default',
      { driver: 'local', options: { root } },
      context,
    );
    expect(driver.kind).toBe('local');
    expect(sdk.loaded).toBe(false);
    expect(driver.id).toBe('default');
    await expect(driver.check()).resolves.toEqual({ ok: true });
  });

  it('loads the S3 SDK only when an S3 driver is built', async () => {
    const options = {
      region: 'us-east-1',
      bucket: 'b',
      accessKeyId: 'k',
      secretAccessKey: 's',
    };
    expect(sdk.loaded).toBe(false);
    const driver = await createStorageDriver('s3', { driver: 's3', options }, context);
    expect(driver.kind).toBe('s3');
    expect(sdk.loaded).toBe(true);
    await driver.close();
  });

  it('validates options with the driver schema and names each bad field', () => {
    expect(detailsOf(() => parseStorageOptions({ driver: 'local', options: {} }))).toEqual([
      'options.root',
    ]);
    expect(
      detailsOf(() =>
        parseStorageOptions({
          driver: 's3',
          options: {
            region: 'r',
            bucket: 'b',
            accessKeyId: 'k',
            secretAccessKey: 's',
            prefix: 'a/../b',
          },
        }),
      ),
    ).toEqual(['options.prefix']);
    expect(detailsOf(() => parseStorageOptions({ driver: 'ftp', options: {} }))).toEqual([
      'driver',
    ]);
  });

  it('fills S3 defaults and normalises the folder prefix', () => {
    expect(
      parseStorageOptions({
        driver: 's3',
        options: {
          region: 'r',
          bucket: 'b',
          accessKeyId: 'k',
          secretAccessKey: 's',
          prefix: '/team/files/',
        },
      }),
    ).toMatchObject({ forcePathStyle: false, prefix: 'team/files' });
  });
});
