import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  PutBucketCorsCommand,
  S3Client,
  type CORSRule,
} from '@aws-sdk/client-s3';
import type { StorageConfig, StorageTestResult } from '@pasteport/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { freePort } from '../../../test/free-port.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

const ORIGIN = 'https://paste.example.com';

let s3: S3Client;
beforeAll(() => {
  const server = inject('s3');
  s3 = new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
  });
});
afterAll(() => s3.destroy());

/** A fresh bucket, with the given CORS rules or none. */
async function givenBucket(rules?: CORSRule[]): Promise<string> {
  const bucket = `sc-${randomUUID().slice(0, 18)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  if (rules) {
    await s3.send(
      new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: rules } }),
    );
  }
  return bucket;
}

const UPLOAD_RULE: CORSRule = {
  AllowedOrigins: [ORIGIN],
  AllowedMethods: ['GET', 'PUT', 'HEAD'],
  AllowedHeaders: ['*'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3000,
};

describe.each(DATABASE_KINDS)('storage config test on %s', (kind) => {
  const ctx = useAdminApp(kind);

  async function createConfig(patch: Record<string, unknown>): Promise<StorageConfig> {
    const server = inject('s3');
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: bearer(ctx.token),
      payload: {
        name: 'S3 under test',
        provider_type: 'other_s3',
        endpoint_url: server.endpoint,
        region: server.region,
        bucket_name: server.bucket,
        access_key_id: server.accessKeyId,
        // s3rver's signature check on presigned URLs (test/s3) knows only its own secret.
        secret_access_key: server.secretAccessKey,
        path_style: true,
        default_folder: `probe/${randomUUID()}`,
        ...patch,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: StorageConfig }>().data;
  }

  async function runTest(id: string, headers: Record<string, string> = { origin: ORIGIN }) {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/s3-configs/${id}/test`,
      headers: { ...bearer(ctx.token), ...headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: StorageTestResult }>().data;
  }

  const statuses = (result: StorageTestResult) =>
    Object.fromEntries(Object.entries(result.checks).map(([name, check]) => [name, check.status]));

  it('passes on the local default and skips CORS, leaving no test file behind', async () => {
    const [local] = (
      await ctx.t.app.inject({ method: 'GET', url: '/api/s3-configs', headers: bearer(ctx.token) })
    ).json<{ data: StorageConfig[] }>().data;
    const result = await runTest(local!.id);
    expect(result.ok).toBe(true);
    expect(statuses(result)).toEqual({ write: 'ok', read: 'ok', delete: 'ok', cors: 'skipped' });
    expect(result.checks.cors).toMatchObject({ reason: 'cors_not_needed', fix: null });
    expect(result.cors_rule).toBeNull();
    const left = await readdir(path.join(ctx.t.dataDir, 'storage', 'pasteport-check')).catch(
      () => [],
    );
    expect(left).toEqual([]);
  });

  it('reports a local folder that does not exist, with a fix, not an error', async () => {
    // Saving checks the folder exists; it can disappear later (an unmounted disk).
    const root = await mkdtemp(path.join(tmpdir(), 'pp-missing-'));
    const config = await createConfig({ provider_type: 'local', root_path: root });
    await rm(root, { recursive: true });
    const result = await runTest(config.id);
    expect(result.ok).toBe(false);
    expect(result.checks.write).toMatchObject({ status: 'failed', reason: 'local_root' });
    expect(result.checks.write.message).toContain(root);
    expect(result.checks.write.fix).toMatch(/Create the folder/);
    expect(result.checks.read).toMatchObject({ status: 'failed', reason: 'local_root' });
    expect(result.checks.delete).toMatchObject({ status: 'skipped', reason: 'write_failed' });
  });

  it('reports a bucket without CORS: read, write and delete pass, CORS fails with the rule to paste', async () => {
    const bucket = await givenBucket();
    const config = await createConfig({ bucket_name: bucket });
    const result = await runTest(config.id);
    expect(statuses(result)).toEqual({ write: 'ok', read: 'ok', delete: 'ok', cors: 'failed' });
    expect(result.ok).toBe(false);
    expect(result.origin).toBe(ORIGIN);
    expect(result.checks.cors).toMatchObject({ reason: 'cors_missing' });
    expect(result.checks.cors.message).toContain(ORIGIN);
    const rule = JSON.parse(
      result.checks.cors.fix!.slice(result.checks.cors.fix!.indexOf('[')),
    ) as unknown;
    expect(rule).toEqual([
      {
        AllowedOrigins: [ORIGIN],
        AllowedMethods: ['GET', 'HEAD', 'PUT'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3600,
      },
    ]);
    expect(result.cors_rule).toBe(JSON.stringify(rule, null, 2));
  });

  it('passes every check on a bucket whose CORS rule allows this origin and exposes ETag', async () => {
    const bucket = await givenBucket([UPLOAD_RULE]);
    const config = await createConfig({ bucket_name: bucket });
    const result = await runTest(config.id);
    expect(statuses(result)).toEqual({ write: 'ok', read: 'ok', delete: 'ok', cors: 'ok' });
    expect(result.ok).toBe(true);
  });

  it('tells apart a rule for another origin, and one that hides ETag', async () => {
    const elsewhere = await givenBucket([
      { ...UPLOAD_RULE, AllowedOrigins: ['https://other.example'] },
    ]);
    const hidden = await givenBucket([{ ...UPLOAD_RULE, ExposeHeaders: [] }]);
    const a = await runTest((await createConfig({ bucket_name: elsewhere })).id);
    expect(a.checks.cors).toMatchObject({ status: 'failed', reason: 'cors_missing' });
    const b = await runTest((await createConfig({ bucket_name: hidden })).id);
    expect(b.checks.cors).toMatchObject({ status: 'failed', reason: 'cors_etag_hidden' });
    expect(b.checks.cors.fix).toMatch(/ExposeHeaders/);
  });

  it('uses PUBLIC_URL-less request Host as the origin when the page sent none', async () => {
    const bucket = await givenBucket([
      { ...UPLOAD_RULE, AllowedOrigins: ['http://pasteport.test:8080'] },
    ]);
    const config = await createConfig({ bucket_name: bucket });
    const result = await runTest(config.id, { host: 'pasteport.test:8080' });
    expect(result.origin).toBe('http://pasteport.test:8080');
    expect(result.checks.cors.status).toBe('ok');
  });

  it('keeps the secret across an edit: the signed CORS upload still verifies', async () => {
    const bucket = await givenBucket([UPLOAD_RULE]);
    const config = await createConfig({ bucket_name: bucket });
    const edit = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/s3-configs/${config.id}`,
      headers: bearer(ctx.token),
      payload: { name: 'Edited', secret_access_key: '' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await runTest(config.id)).ok).toBe(true);
  });

  it('reports a wrong access key as failed write and read with a plain fix, not a 500', async () => {
    const config = await createConfig({ access_key_id: 'NOT-A-KEY' });
    const result = await runTest(config.id);
    expect(result.checks.write).toMatchObject({ status: 'failed', reason: 'invalid_credentials' });
    // A HEAD request's answer has no body, so the read check may only see "403".
    expect(result.checks.read.status).toBe('failed');
    expect(['invalid_credentials', 'access_denied']).toContain(result.checks.read.reason);
    expect(result.checks.write.fix).toMatch(/access key ID and secret access key/);
    expect(result.checks.write.detail).toMatch(/InvalidAccessKeyId/);
    expect(result.checks.delete).toMatchObject({ status: 'skipped', reason: 'write_failed' });
  });

  it('picks up an edited config at once (the cached driver is dropped)', async () => {
    const bucket = await givenBucket([UPLOAD_RULE]);
    const config = await createConfig({ bucket_name: bucket });
    expect((await runTest(config.id)).ok).toBe(true);
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/s3-configs/${config.id}`,
      headers: bearer(ctx.token),
      payload: { bucket_name: `missing-${randomUUID().slice(0, 8)}` },
    });
    const result = await runTest(config.id);
    expect(result.checks.write).toMatchObject({ status: 'failed', reason: 'bucket_missing' });
    expect(result.checks.write.fix).toMatch(/bucket name/);
  });

  it('reports an endpoint nobody answers on as unreachable', async () => {
    const config = await createConfig({ endpoint_url: `http://127.0.0.1:${await freePort()}` });
    const result = await runTest(config.id);
    expect(result.checks.write).toMatchObject({ status: 'failed', reason: 'unreachable' });
    expect(result.checks.read).toMatchObject({ status: 'failed', reason: 'unreachable' });
    expect(result.checks.cors).toMatchObject({ status: 'failed', reason: 'unreachable' });
    expect(result.checks.write.fix).toMatch(/endpoint URL/);
  });
});
