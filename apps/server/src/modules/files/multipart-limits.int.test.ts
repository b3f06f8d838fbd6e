import type { MultipartInitResponse } from '@pasteport/contract';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, sendSigned, STORAGE_KINDS } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

const MiB = 1024 * 1024;

/**
 * Attack: staging unlimited data through multipart uploads. Before the fix a single declared
 * part accepted any part_size (up to 5 GiB), part numbers were not checked against the
 * declared count, and neither max_upload_size nor the quota applied to staged parts (23 MB
 * staged against a 1 MB limit). Now each part has exactly its share of the declared size,
 * which init checked against both limits.
 */
describe.each(DATABASE_KINDS)('multipart staging limits on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);

  async function init(configId: string, size: number, extra: Record<string, unknown> = {}) {
    const res = await admin.t.app.inject({
      method: 'POST',
      url: '/api/upload/multipart/init',
      headers: auth(),
      payload: { s3_config_id: configId, filename: 'x.bin', size, ...extra },
    });
    return res;
  }
  const relay = (session: MultipartInitResponse, partNumber: number, body: Buffer) =>
    admin.t.app.inject({
      method: 'POST',
      url: `/api/upload/multipart/part?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}&partNumber=${partNumber}`,
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: body,
    });

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind) => {
    it('takes no more than the declared size in a single part, however big part_size is', async () => {
      const configId = await givenStorage(admin.t, admin.token, storageKind);
      const started = await init(configId, 1000, { part_size: 5 * 1024 * MiB });
      expect(started.statusCode, started.body).toBe(200);
      const session = started.json<{ data: MultipartInitResponse }>().data;
      expect(session.part_count).toBe(1);
      const big = randomBytes(3 * MiB);
      expect((await relay(session, 1, big)).statusCode).toBe(413);
      const target = session.presigned_urls[0]?.url ?? '';
      const direct = await sendSigned(admin.t, target, {
        method: 'PUT',
        headers: session.upload_headers,
        body: big,
      });
      expect(direct.status).toBeGreaterThanOrEqual(400);
      // The right size still goes through.
      expect((await relay(session, 1, randomBytes(1000))).statusCode).toBe(200);
    });

    it('refuses part numbers beyond the declared count and parts of the wrong length', async () => {
      const configId = await givenStorage(admin.t, admin.token, storageKind);
      const started = await init(configId, 6 * MiB);
      const session = started.json<{ data: MultipartInitResponse }>().data;
      expect(session.part_count).toBe(2);
      const beyond = await relay(session, 3, randomBytes(10));
      expect(beyond.statusCode).toBe(400);
      expect(beyond.body).toContain('partNumber');
      expect((await relay(session, 9999, randomBytes(10))).statusCode).toBe(400);
      // Part 2 is the remainder (1 MiB): a full-size part 2 is too big, a short part 1 too small.
      expect((await relay(session, 2, randomBytes(5 * MiB))).statusCode).toBe(413);
      expect((await relay(session, 1, randomBytes(10))).statusCode).toBe(400);
      expect((await relay(session, 2, randomBytes(MiB))).statusCode).toBe(200);
    });
  });

  it('counts pending uploads toward the quota and refuses over max_upload_size at init', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { total_storage_bytes: 10 * MiB });
    expect((await init(configId, 8 * MiB)).statusCode).toBe(200);
    expect((await init(configId, 5 * MiB)).statusCode).toBe(507);
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: auth(),
      payload: { max_upload_size: 1 },
    });
    expect(limit.statusCode).toBe(200);
    expect((await init(configId, 2 * MiB)).statusCode).toBe(413);
  });
});
