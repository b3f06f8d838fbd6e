import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig, UploadStorageConfig } from '@pasteport/contract';
import { describe, expect, inject, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import type { TestApp } from '../../../test/app-harness.js';

/** A secret distinctive enough that finding it anywhere means it leaked. */
const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function s3Payload(patch: Record<string, unknown> = {}) {
  const s3 = inject('s3');
  return {
    name: 'Test S3',
    provider_type: 'other_s3',
    endpoint_url: s3.endpoint,
    region: s3.region,
    bucket_name: s3.bucket,
    access_key_id: s3.accessKeyId,
    secret_access_key: SECRET,
    path_style: true,
    default_folder: `/configs/${randomUUID()}/`,
    ...patch,
  };
}

/** Inserts a file row straight into the database, as the files feature will. */
async function givenFile(t: TestApp, configId: string, size: number, status = 'ready') {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('files')
    .values({
      id,
      slug: id.slice(0, 8),
      slug_key: id.slice(0, 8),
      filename: 'a.txt',
      size,
      mimetype: 'text/plain',
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: 0,
      views: 0,
      access_mode: 'proxy',
      storage_config_id: configId,
      storage_path: `a/${id}.txt`,
      etag: null,
      status,
      upload_id: null,
      part_size: null,
      created_by: 'admin',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describe.each(DATABASE_KINDS)('storage configs on %s', (kind) => {
  const ctx = useAdminApp(kind);
  const call = (
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
    headers = bearer(ctx.token),
  ) => ctx.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
  const create = async (patch: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/s3-configs', s3Payload(patch));
    expect(res.statusCode, res.body).toBe(201);
    return data<StorageConfig>(res);
  };
  const list = async () => data<StorageConfig[]>(await call('GET', '/api/s3-configs'));
  const defaults = async () =>
    (
      await ctx.t.database.db
        .selectFrom('storage_configs')
        .select('id')
        .where('is_default', '=', 1)
        .execute()
    ).map((row) => row.id);

  it('lists the local default created on first start, without secrets', async () => {
    const configs = await list();
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({
      name: 'Local disk',
      provider_type: 'local',
      driver: 'local',
      is_default: true,
      has_secret: false,
      root_path: 'storage',
      signature_expires_in: 3600,
      total_storage_bytes: null,
      used_bytes: 0,
      file_count: 0,
    });
  });

  it('creates an S3 config whose secret is sealed at rest and never returned', async () => {
    const res = await call('POST', '/api/s3-configs', s3Payload({ total_storage_bytes: 5_000 }));
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(SECRET);
    const created = data<StorageConfig>(res);
    expect(created).toMatchObject({
      provider_type: 'other_s3',
      driver: 's3',
      has_secret: true,
      path_style: true,
      total_storage_bytes: 5_000,
      allow_api_keys: false,
      is_default: false,
      signature_expires_in: 3600,
    });
    expect(created.default_folder).toMatch(/^configs\/[0-9a-f-]+$/);
    expect(created).not.toHaveProperty('secret_access_key');

    for (const url of ['/api/s3-configs', `/api/s3-configs/${created.id}`]) {
      const read = await call('GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(SECRET);
    }
    const rows = await ctx.t.database.db.selectFrom('storage_configs').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    const row = rows.find((r) => r.id === created.id);
    const stored = JSON.parse(row?.options ?? '{}') as { secretAccessKey?: string };
    expect(stored.secretAccessKey).toMatch(/^enc:v1:/);
    // The registry opens it for the driver, only for this row.
    expect(ctx.t.storage.openOptions(row!).secretAccessKey).toBe(SECRET);
    expect(() => ctx.t.storage.openOptions({ ...row!, id: 'another-row' })).toThrow(/decrypt/);
  });

  it('keeps the stored secret when an update leaves it out or empty, and replaces it when given', async () => {
    const created = await create();
    const secretOf = async () => {
      const row = await ctx.t.database.db
        .selectFrom('storage_configs')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      return {
        sealed: (JSON.parse(row.options) as { secretAccessKey: string }).secretAccessKey,
        plain: ctx.t.storage.openOptions(row).secretAccessKey,
      };
    };
    const before = await secretOf();
    for (const payload of [{ name: 'Renamed' }, { secret_access_key: '', region: 'eu-west-1' }]) {
      const res = await call('PUT', `/api/s3-configs/${created.id}`, payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(data<StorageConfig>(res).has_secret).toBe(true);
      expect((await secretOf()).plain).toBe(SECRET);
    }
    expect(data<StorageConfig>(await call('GET', `/api/s3-configs/${created.id}`))).toMatchObject({
      name: 'Renamed',
      region: 'eu-west-1',
    });
    const replaced = await call('PUT', `/api/s3-configs/${created.id}`, {
      secret_access_key: 'another-secret',
    });
    expect(replaced.body).not.toContain('another-secret');
    const after = await secretOf();
    expect(after.plain).toBe('another-secret');
    expect(after.sealed).not.toBe(before.sealed);
  });

  it.each([
    [{ provider_type: 'cloudflare_r2', endpoint_url: '' }, 'endpoint_url'],
    [
      { provider_type: 'backblaze_b2', endpoint_url: 'https://b2.example.com', region: '' },
      'region',
    ],
    [{ bucket_name: '' }, 'bucket_name'],
    [{ access_key_id: '' }, 'access_key_id'],
    [{ secret_access_key: '' }, 'secret_access_key'],
    [{ provider_type: 'local', root_path: '' }, 'root_path'],
    [{ endpoint_url: 'ftp://files.example.com' }, 'endpoint_url'],
    [{ custom_host: 'not a url' }, 'custom_host'],
    [{ default_folder: 'a/../b' }, 'default_folder'],
    [{ signature_expires_in: 0 }, 'signature_expires_in'],
    [{ total_storage_bytes: -1 }, 'total_storage_bytes'],
    [{ name: '' }, 'name'],
    [{ provider_type: 'ftp' }, 'provider_type'],
    [{ driver: 's3' }, ''],
  ])('refuses %j naming %s', async (patch, field) => {
    const res = await call('POST', '/api/s3-configs', s3Payload(patch));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; details: { field: string }[] }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    if (field) expect(body.details.map((d) => d.field)).toContain(field);
    expect(await list()).toHaveLength(1);
  });

  it('fills provider defaults: R2 region auto, B2 region from the endpoint, AWS without endpoint', async () => {
    const r2 = await create({
      provider_type: 'cloudflare_r2',
      region: null,
      path_style: undefined,
    });
    expect(r2).toMatchObject({ region: 'auto', path_style: false });
    const b2 = await create({
      provider_type: 'backblaze_b2',
      endpoint_url: 'https://s3.us-west-004.backblazeb2.com',
      region: '',
    });
    expect(b2.region).toBe('us-west-004');
    const aws = await create({ provider_type: 'aws_s3', endpoint_url: null, region: null });
    expect(aws).toMatchObject({ endpoint_url: null, region: 'us-east-1' });
    const folder = await mkdtemp(path.join(tmpdir(), 'pp-local-'));
    const local = await create({ provider_type: 'local', root_path: folder });
    expect(local).toMatchObject({
      driver: 'local',
      root_path: folder,
      has_secret: false,
      bucket_name: null,
    });
  });

  it('refuses a local folder that does not exist, or is a file, next to the field', async () => {
    const missing = path.join(tmpdir(), `pp-missing-${randomUUID()}`);
    const file = path.join(ctx.t.dataDir, 'a-file');
    await writeFile(file, 'x');
    for (const [root, rule] of [
      [missing, 'missing_folder'],
      [file, 'not_a_folder'],
    ] as const) {
      const res = await call(
        'POST',
        '/api/s3-configs',
        s3Payload({ provider_type: 'local', root_path: root }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ details: { field: string; rule: string }[] }>().details).toEqual([
        expect.objectContaining({ field: 'root_path', rule }),
      ]);
    }
    expect(await list()).toHaveLength(1);
    // A folder inside DATA_DIR may be named relatively, as the built-in default is.
    await mkdir(path.join(ctx.t.dataDir, 'more'));
    const relative = await create({ provider_type: 'local', root_path: 'more' });
    const moved = await call('PUT', `/api/s3-configs/${relative.id}`, { root_path: 'gone' });
    expect(moved.statusCode).toBe(400);
    expect(moved.body).toContain('root_path');
  });

  it('keeps exactly one default: set-default, create as default, and no switching it off', async () => {
    const [local] = await list();
    const b = await create({ name: 'B' });
    const setB = await call('PUT', `/api/s3-configs/${b.id}/set-default`);
    expect(setB.statusCode).toBe(200);
    expect(data<StorageConfig>(setB).is_default).toBe(true);
    expect(await defaults()).toEqual([b.id]);
    expect((await list()).map((c) => [c.id, c.is_default])).toEqual([
      [b.id, true],
      [local!.id, false],
    ]);

    const c = await create({ name: 'C', is_default: true });
    expect(c.is_default).toBe(true);
    expect(await defaults()).toEqual([c.id]);

    const off = await call('PUT', `/api/s3-configs/${c.id}`, { is_default: false });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({
      details: [{ field: 'is_default', rule: 'default_required' }],
    });
    const on = await call('PUT', `/api/s3-configs/${b.id}`, { is_default: true, name: 'B2' });
    expect(data<StorageConfig>(on)).toMatchObject({ is_default: true, name: 'B2' });
    expect(await defaults()).toEqual([b.id]);
    expect(await ctx.t.storage.getDefaultConfig()).toMatchObject({ id: b.id, is_default: true });
  });

  it('refuses to delete the default or a config files live on (409), then deletes it', async () => {
    const [local] = await list();
    const defaultDelete = await call('DELETE', `/api/s3-configs/${local!.id}`);
    expect(defaultDelete.statusCode).toBe(409);
    expect(defaultDelete.json()).toMatchObject({
      error: 'CONFLICT',
      details: [{ field: 'id', rule: 'is_default' }],
    });

    const other = await create({ name: 'Other' });
    const ready = await givenFile(ctx.t, other.id, 100, 'ready');
    await givenFile(ctx.t, other.id, 50, 'pending');
    const usage = (await list()).find((c) => c.id === other.id);
    expect(usage).toMatchObject({ used_bytes: 150, file_count: 2 });

    const inUse = await call('DELETE', `/api/s3-configs/${other.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      error: 'CONFLICT',
      details: [{ field: 'id', rule: 'in_use' }],
    });
    expect(inUse.json<{ message: string }>().message).toContain('2 files');
    expect((await list()).map((c) => c.id)).toContain(other.id);

    await ctx.t.database.db.deleteFrom('files').where('storage_config_id', '=', other.id).execute();
    expect(ready).toBeTruthy();
    const deleted = await call('DELETE', `/api/s3-configs/${other.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/s3-configs/${other.id}`)).statusCode).toBe(404);
    await expect(ctx.t.storage.getDriver(other.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 for unknown ids on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/s3-configs/nope', undefined],
      ['PUT', '/api/s3-configs/nope', { name: 'x' }],
      ['DELETE', '/api/s3-configs/nope', undefined],
      ['PUT', '/api/s3-configs/nope/set-default', undefined],
      ['POST', '/api/s3-configs/nope/test', undefined],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(await defaults()).toHaveLength(1);
  });

  it('keeps everyone but the admin out: 401 without credentials, 403 for API keys', async () => {
    const [local] = await list();
    const key = await givenApiKey(ctx.t, ctx.token, { text: true, file: true, mount: true });
    for (const [method, url] of [
      ['GET', '/api/s3-configs'],
      ['POST', '/api/s3-configs'],
      ['GET', `/api/s3-configs/${local!.id}`],
      ['PUT', `/api/s3-configs/${local!.id}`],
      ['DELETE', `/api/s3-configs/${local!.id}`],
      ['PUT', `/api/s3-configs/${local!.id}/set-default`],
      ['POST', `/api/s3-configs/${local!.id}/test`],
    ] as const) {
      const anonymous = await ctx.t.app.inject({ method, url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const keyed = await ctx.t.app.inject({ method, url, payload: {}, headers: apiKey(key.key) });
      expect(keyed.statusCode, `${method} ${url}`).toBe(403);
      expect(keyed.json()).toMatchObject({ error: 'ADMIN_ONLY' });
    }
    expect(await list()).toHaveLength(1);
  });

  it('offers uploaders the configs they may use, the default first', async () => {
    const [local] = await list();
    const open = await create({ name: 'Open to keys', allow_api_keys: true });
    const closed = await create({ name: 'Admin only' });
    const upload = (headers: Record<string, string> = {}) =>
      ctx.t.app.inject({ method: 'GET', url: '/api/upload/storage-configs', headers });
    const ids = (res: { json: <U>() => U }) => data<UploadStorageConfig[]>(res).map((c) => c.id);

    const asAdmin = await upload(bearer(ctx.token));
    expect(asAdmin.statusCode).toBe(200);
    expect(data<UploadStorageConfig[]>(asAdmin)[0]).toEqual({
      id: local!.id,
      name: 'Local disk',
      provider_type: 'local',
      is_default: true,
    });
    expect(ids(asAdmin).sort()).toEqual([local!.id, open.id, closed.id].sort());

    const fileKey = await givenApiKey(ctx.t, ctx.token, { file: true });
    expect(ids(await upload(apiKey(fileKey.key)))).toEqual([local!.id, open.id]);
    const textKey = await givenApiKey(ctx.t, ctx.token, { text: true });
    const denied = await upload(apiKey(textKey.key));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'PERMISSION_DENIED' });

    const guest = await upload();
    expect(guest.statusCode).toBe(401);
    const settings = await call('PUT', '/api/admin/system-settings', { allow_guest_uploads: true });
    expect(settings.statusCode).toBe(200);
    expect(ids(await upload())).toEqual([local!.id]);

    await call('PUT', `/api/s3-configs/${closed.id}/set-default`);
    expect(ids(await upload())).toEqual([closed.id]);
    expect(ids(await upload(apiKey(fileKey.key)))).toEqual([local!.id, open.id]);
  });
});
