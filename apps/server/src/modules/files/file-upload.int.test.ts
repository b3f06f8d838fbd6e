import { createHash, randomBytes } from 'node:crypto';
import type {
  FileDetail,
  MultipartInitResponse,
  MultipartState,
  PresignResponse,
} from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import {
  directUpload,
  download,
  givenStorage,
  sendSigned,
  STORAGE_KINDS,
} from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MiB = 1024 * 1024;

describe.each(DATABASE_KINDS)('file uploads on %s', (kind) => {
  describe.each(STORAGE_KINDS)('to %s storage', (storageKind) => {
    const admin = useAdminApp(kind);
    const auth = () => bearer(admin.token);

    it('streams a form upload into storage, fields before the file', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const data = randomBytes(300 * 1024);
      const res = await directUpload(
        t,
        auth(),
        { s3_config_id: configId, slug: 'form-first', remark: 'hello', path: 'docs/2026' },
        { filename: 'notes.md', type: 'application/octet-stream', data },
      );
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json<{ data: FileDetail }>().data;
      expect(file).toMatchObject({
        slug: 'form-first',
        filename: 'notes.md',
        size: data.length,
        mimetype: 'text/markdown',
        remark: 'hello',
        s3_config_id: configId,
        url: '/file/form-first',
      });
      expect(file.storage_path).toMatch(/^docs\/2026\/[0-9a-f-]{36}\/notes\.md$/);
      const got = await download(t, 'form-first');
      expect(got.statusCode).toBe(200);
      expect(sha256(got.rawPayload)).toBe(sha256(data));
    });

    it('applies fields that come after the file, as curl -F sends them', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const data = randomBytes(10_000);
      const res = await directUpload(
        t,
        auth(),
        { s3_config_id: configId, slug: 'file-first', max_views: '2', path: 'late/folder' },
        { filename: 'data.bin', type: 'application/x-thing', data },
        'file-first',
      );
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json<{ data: FileDetail }>().data;
      expect(file).toMatchObject({ slug: 'file-first', max_views: 2, s3_config_id: configId });
      expect(file.storage_path.startsWith('late/folder/')).toBe(true);
      expect(sha256((await download(t, 'file-first')).rawPayload)).toBe(sha256(data));
    });

    it('refuses a file over max_upload_size mid-stream and leaves nothing behind', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const limit = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings',
        headers: auth(),
        payload: { max_upload_size: 1 },
      });
      expect(limit.statusCode).toBe(200);
      const res = await directUpload(
        t,
        auth(),
        { s3_config_id: configId, slug: 'too-big' },
        { filename: 'big.bin', type: 'application/octet-stream', data: randomBytes(MiB + 1) },
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
      const rows = await t.database.db.selectFrom('files').selectAll().execute();
      expect(rows).toEqual([]);
      const driver = await t.storage.getDriver(configId);
      const listed = await driver.list('');
      expect(listed.objects.filter((o) => o.key.endsWith('big.bin'))).toEqual([]);
      // The slug was released with the record.
      const again = await directUpload(
        t,
        auth(),
        { s3_config_id: configId, slug: 'too-big' },
        { filename: 'small.bin', type: 'application/octet-stream', data: randomBytes(10) },
      );
      expect(again.statusCode).toBe(201);
    });

    it('enforces the storage quota with the numbers of SPEC §8 (507)', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind, {
        total_storage_bytes: 100_000,
      });
      const first = await directUpload(
        t,
        auth(),
        { s3_config_id: configId },
        { filename: 'a.bin', type: 'application/octet-stream', data: randomBytes(60_000) },
      );
      expect(first.statusCode, first.body).toBe(201);
      const over = await directUpload(
        t,
        auth(),
        { s3_config_id: configId },
        { filename: 'b.bin', type: 'application/octet-stream', data: randomBytes(60_000) },
      );
      expect(over.statusCode).toBe(507);
      expect(over.json()).toMatchObject({
        error: 'INSUFFICIENT_STORAGE',
        data: { remaining: 40_000, total_capacity: 100_000 },
      });
      const presign = await t.app.inject({
        method: 'POST',
        url: '/api/s3/presign',
        headers: auth(),
        payload: { s3_config_id: configId, filename: 'c.bin', size: 50_000 },
      });
      expect(presign.statusCode).toBe(507);
      expect(presign.json()).toMatchObject({
        data: { file_size: 50_000, remaining: 40_000, total_capacity: 100_000 },
      });
      const count = await t.database.db.selectFrom('files').select('id').execute();
      expect(count).toHaveLength(1);
    });

    it('presign → PUT → commit takes size and ETag from storage; commit is idempotent', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const data = randomBytes(70_000);
      const presign = await t.app.inject({
        method: 'POST',
        url: '/api/s3/presign',
        headers: auth(),
        payload: {
          s3_config_id: configId,
          filename: 'photo.png',
          mimetype: 'image/png',
          size: data.length,
          slug: 'presigned',
        },
      });
      expect(presign.statusCode, presign.body).toBe(200);
      const signed = presign.json<{ data: PresignResponse }>().data;
      expect(signed).toMatchObject({ slug: 'presigned', contentType: 'image/png' });

      const early = await t.app.inject({
        method: 'POST',
        url: '/api/s3/commit',
        headers: auth(),
        payload: { file_id: signed.file_id },
      });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({ details: [{ field: 'file_id', rule: 'not_uploaded' }] });
      expect((await download(t, 'presigned')).statusCode).toBe(404);

      const put = await sendSigned(t, signed.upload_url, {
        method: 'PUT',
        headers: signed.upload_headers,
        body: data,
      });
      expect(put.status).toBe(200);

      const commit = async () =>
        t.app.inject({
          method: 'POST',
          url: '/api/s3/commit',
          headers: auth(),
          // The client's size and ETag are not what the record stores.
          payload: { file_id: signed.file_id, etag: 'forged', remark: 'committed' },
        });
      const first = await commit();
      expect(first.statusCode, first.body).toBe(200);
      const file = first.json<{ data: FileDetail }>().data;
      expect(file).toMatchObject({ size: data.length, remark: 'committed', slug: 'presigned' });
      expect(file.etag).toBe(put.etag?.replace(/"/g, ''));
      const second = await commit();
      expect(second.statusCode).toBe(200);
      expect(second.json<{ data: FileDetail }>().data.id).toBe(file.id);
      expect(sha256((await download(t, 'presigned')).rawPayload)).toBe(sha256(data));
    });

    it('uploads ≥ 12 MB in parts (direct PUTs and the relay), resumes, verifies byte for byte', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const partSize = 5 * MiB;
      const data = randomBytes(12 * MiB + 12_345);
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/upload/multipart/init',
        headers: auth(),
        payload: {
          s3_config_id: configId,
          filename: 'video.mp4',
          mimetype: 'video/mp4',
          size: data.length,
          slug: 'big-one',
        },
      });
      expect(init.statusCode, init.body).toBe(200);
      const session = init.json<{ data: MultipartInitResponse }>().data;
      expect(session.part_count).toBe(3);
      expect(session.presigned_urls.map((p) => p.partNumber)).toEqual([1, 2, 3]);
      const part = (n: number) => data.subarray((n - 1) * partSize, n * partSize);

      const etags: Record<number, string> = {};
      for (const n of [1, 2]) {
        const target = session.presigned_urls[n - 1];
        const res = await sendSigned(t, target?.url ?? '', {
          method: 'PUT',
          headers: session.upload_headers,
          body: part(n),
        });
        expect(res.status).toBe(200);
        etags[n] = res.etag ?? '';
      }
      // A reload: the state lists what storage holds, with fresh URLs.
      const state = await t.app.inject({
        method: 'GET',
        url: `/api/upload/multipart/parts?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}`,
        headers: auth(),
      });
      expect(state.statusCode, state.body).toBe(200);
      const resumed = state.json<{ data: MultipartState }>().data;
      expect(resumed.parts.map((p) => p.partNumber)).toEqual([1, 2]);
      expect(resumed.parts.map((p) => p.size)).toEqual([partSize, partSize]);

      const relay = await t.app.inject({
        method: 'POST',
        url: `/api/upload/multipart/part?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}&partNumber=3&isLastPart=true`,
        headers: { ...auth(), 'content-type': 'application/octet-stream' },
        payload: part(3),
      });
      expect(relay.statusCode, relay.body).toBe(200);
      etags[3] = relay.json<{ data: { etag: string } }>().data.etag;

      const complete = await t.app.inject({
        method: 'POST',
        url: '/api/upload/multipart/complete',
        headers: auth(),
        payload: {
          file_id: session.file_id,
          upload_id: session.upload_id,
          parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n] })),
        },
      });
      expect(complete.statusCode, complete.body).toBe(200);
      expect(complete.json<{ data: FileDetail }>().data).toMatchObject({
        slug: 'big-one',
        size: data.length,
        mimetype: 'video/mp4',
      });
      const got = await download(t, 'big-one');
      expect(got.rawPayload.length).toBe(data.length);
      expect(sha256(got.rawPayload)).toBe(sha256(data));
    });

    it('aborts a multipart upload: the record and the parts are gone', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/upload/multipart/init',
        headers: auth(),
        payload: { s3_config_id: configId, filename: 'x.bin', size: 11 * MiB, slug: 'aborted' },
      });
      const session = init.json<{ data: MultipartInitResponse }>().data;
      const abort = await t.app.inject({
        method: 'POST',
        url: '/api/upload/multipart/abort',
        headers: auth(),
        payload: { file_id: session.file_id, upload_id: session.upload_id },
      });
      expect(abort.statusCode).toBe(200);
      expect(await t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
      const state = await t.app.inject({
        method: 'GET',
        url: `/api/upload/multipart/parts?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}`,
        headers: auth(),
      });
      expect(state.statusCode).toBe(404);
    });
  });
});
