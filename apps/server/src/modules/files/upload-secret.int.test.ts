import { randomBytes } from 'node:crypto';
import {
  UPLOAD_SECRET_HEADER,
  type FileDetail,
  type MultipartInitResponse,
  type PresignResponse,
} from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, sendSigned } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

type Headers = Record<string, string>;

/** Guest A's secret, another guest's guess, or nothing at all. */
const withSecret = (secret: string): Headers => ({ [UPLOAD_SECRET_HEADER]: secret });
const strangers: [string, Headers][] = [
  ['no secret', {}],
  ['a wrong secret', withSecret(randomBytes(32).toString('base64url'))],
];

async function allowGuests(t: TestApp, token: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/system-settings',
    headers: bearer(token),
    payload: { allow_guest_uploads: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function post(t: TestApp, url: string, headers: Headers, payload: object) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

async function statusOf(t: TestApp, fileId: string) {
  const row = await t.database.db
    .selectFrom('files')
    .select(['status', 'upload_secret_hash'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row;
}

function expectRefused(res: { statusCode: number; json: () => unknown; body: string }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({
    error: 'UPLOAD_SECRET_INVALID',
    details: [{ field: UPLOAD_SECRET_HEADER }],
  });
}

describe.each(DATABASE_KINDS)('upload secrets on %s', (kind) => {
  const admin = useAdminApp(kind);

  it('binds a guest presigned upload to its secret: others cannot commit, its owner can', async () => {
    const { t } = admin;
    await allowGuests(t, admin.token);
    const data = randomBytes(4096);
    const res = await post(t, '/api/s3/presign', {}, { filename: 'a.bin', size: data.length });
    expect(res.statusCode, res.body).toBe(200);
    const presigned = res.json<{ data: PresignResponse }>().data;
    expect(presigned.upload_secret.length).toBeGreaterThanOrEqual(22);
    const row = await statusOf(t, presigned.file_id);
    // Only a digest is stored, never the secret itself.
    expect(row?.upload_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.upload_secret_hash).not.toContain(presigned.upload_secret);
    const put = await sendSigned(t, presigned.upload_url, {
      method: 'PUT',
      headers: presigned.upload_headers,
      body: data,
    });
    expect(put.status).toBe(200);

    for (const [, headers] of strangers) {
      expectRefused(await post(t, '/api/s3/commit', headers, { file_id: presigned.file_id }));
      expectRefused(await post(t, '/api/url/commit', headers, { file_id: presigned.file_id }));
      expectRefused(await post(t, '/api/url/cancel', headers, { file_id: presigned.file_id }));
    }
    expect((await statusOf(t, presigned.file_id))?.status).toBe('pending');

    const commit = await post(t, '/api/s3/commit', withSecret(presigned.upload_secret), {
      file_id: presigned.file_id,
    });
    expect(commit.statusCode, commit.body).toBe(200);
    const file = commit.json<{ data: FileDetail }>().data;
    expect(file.size).toBe(data.length);
    expect((await download(t, file.slug)).rawPayload.equals(data)).toBe(true);
  });

  it('binds a guest multipart upload: parts, relay, complete and abort need the secret', async () => {
    const { t } = admin;
    await allowGuests(t, admin.token);
    const data = randomBytes(3000);
    const init = await post(t, '/api/upload/multipart/init', {}, { filename: 'm.bin', size: 3000 });
    expect(init.statusCode, init.body).toBe(200);
    const session = init.json<{ data: MultipartInitResponse }>().data;
    const ref = { file_id: session.file_id, upload_id: session.upload_id };
    const query = new URLSearchParams(ref).toString();
    const target = session.presigned_urls[0];
    if (!target) throw new Error('no part URL');
    const put = await sendSigned(t, target.url, {
      method: 'PUT',
      headers: session.upload_headers,
      body: data,
    });
    expect(put.status).toBe(200);
    const parts = [{ partNumber: 1, etag: put.etag ?? '' }];

    for (const [, headers] of strangers) {
      expectRefused(
        await t.app.inject({ method: 'GET', url: `/api/upload/multipart/parts?${query}`, headers }),
      );
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: `/api/upload/multipart/part?${query}&partNumber=1`,
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          payload: randomBytes(3000),
        }),
      );
      expectRefused(await post(t, '/api/upload/multipart/complete', headers, { ...ref, parts }));
      expectRefused(await post(t, '/api/url/multipart/complete', headers, { ...ref, parts }));
      expectRefused(await post(t, '/api/upload/multipart/abort', headers, ref));
      expectRefused(await post(t, '/api/url/multipart/abort', headers, ref));
    }
    expect((await statusOf(t, session.file_id))?.status).toBe('pending');

    const owner = withSecret(session.upload_secret);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/upload/multipart/parts?${query}`,
      headers: owner,
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).not.toHaveProperty('data.upload_secret');
    const done = await post(t, '/api/upload/multipart/complete', owner, { ...ref, parts });
    expect(done.statusCode, done.body).toBe(200);
    const file = done.json<{ data: FileDetail }>().data;
    expect((await download(t, file.slug)).rawPayload.equals(data)).toBe(true);
  });

  it('lets the owner abort with its secret', async () => {
    const { t } = admin;
    await allowGuests(t, admin.token);
    const init = await post(t, '/api/upload/multipart/init', {}, { filename: 'x.bin', size: 10 });
    const session = init.json<{ data: MultipartInitResponse }>().data;
    const ref = { file_id: session.file_id, upload_id: session.upload_id };
    const abort = await post(
      t,
      '/api/upload/multipart/abort',
      withSecret(session.upload_secret),
      ref,
    );
    expect(abort.statusCode, abort.body).toBe(200);
    expect(await statusOf(t, session.file_id)).toBeUndefined();
  });

  it('keeps signed-in creators bound by identity; a secret they give must match', async () => {
    const { t } = admin;
    const key = await givenApiKey(t, admin.token, { file: true });
    const start = await post(t, '/api/s3/presign', apiKey(key.key), {
      filename: 'k.bin',
      size: 5,
    });
    expect(start.statusCode, start.body).toBe(200);
    const presigned = start.json<{ data: PresignResponse }>().data;
    await sendSigned(t, presigned.upload_url, {
      method: 'PUT',
      headers: presigned.upload_headers,
      body: Buffer.from('hello'),
    });
    const wrong = await post(
      t,
      '/api/s3/commit',
      { ...apiKey(key.key), ...strangers[1]![1] },
      {
        file_id: presigned.file_id,
      },
    );
    expectRefused(wrong);
    // A guest holding the right secret is still not the key's creator.
    const guest = await post(t, '/api/s3/commit', withSecret(presigned.upload_secret), {
      file_id: presigned.file_id,
    });
    expect(guest.statusCode).toBe(404);
    const commit = await post(t, '/api/s3/commit', apiKey(key.key), {
      file_id: presigned.file_id,
    });
    expect(commit.statusCode, commit.body).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('upload file names on %s', (kind) => {
  const admin = useAdminApp(kind);

  it.each([
    ['a NUL character', 'bad\u0000name.txt'],
    ['256 characters', `${'n'.repeat(252)}.txt`],
  ])('refuses a form upload whose file name has %s, storing nothing', async (_what, filename) => {
    const { t } = admin;
    const res = await directUpload(
      t,
      bearer(admin.token),
      { slug: 'bad-name' },
      {
        filename,
        type: 'text/plain',
        data: Buffer.from('content'),
      },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ field: 'filename' }],
    });
    expect(await t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
    const driver = await t.storage.getDefault().then((config) => t.storage.getDriver(config.id));
    expect((await driver.list('')).objects).toEqual([]);
  });

  it('refuses the same names at presign and multipart init, naming the field', async () => {
    const { t } = admin;
    for (const url of ['/api/s3/presign', '/api/upload/multipart/init']) {
      for (const filename of ['nul\u0000.txt', 'x'.repeat(256)]) {
        const res = await post(t, url, bearer(admin.token), { filename, size: 5 });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ details: [{ field: 'filename' }] });
      }
    }
  });
});
