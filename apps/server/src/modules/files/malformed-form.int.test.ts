import { randomBytes } from 'node:crypto';
import { errorEnvelopeSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { formBody, givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

describe.each(STORAGE_KINDS)('a malformed upload form to %s storage', (storageKind) => {
  const admin = useAdminApp('sqlite');

  async function send(contentType: string, payload: Buffer) {
    return admin.t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(admin.token), 'content-type': contentType },
      payload,
    });
  }

  async function nothingKept(configId: string) {
    expect(await admin.t.database.db.selectFrom('files').select('id').execute()).toEqual([]);
    const driver = await admin.t.storage.getDriver(configId);
    const listed = await driver.list('');
    expect(listed.objects.filter((o) => o.key.endsWith('cut.bin'))).toEqual([]);
  }

  const form = (configId: string) =>
    formBody([
      { name: 's3_config_id', value: configId },
      {
        name: 'file',
        filename: 'cut.bin',
        type: 'application/octet-stream',
        data: randomBytes(200_000),
      },
    ]);

  it('without a boundary is a 400 that names the missing boundary', async () => {
    const configId = await givenStorage(admin.t, admin.token, storageKind);
    const res = await send('multipart/form-data', form(configId).payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.error).toBe('MALFORMED_BODY');
    expect(body.message).toMatch(/boundary/i);
    await nothingKept(configId);
  });

  it('cut off inside its file is a 400, and nothing is kept', async () => {
    const configId = await givenStorage(admin.t, admin.token, storageKind);
    const whole = form(configId);
    const cut = whole.payload.subarray(0, 100_000);
    const res = await send(whole.headers['content-type'] ?? '', cut);
    expect(res.statusCode, res.body).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.error).toBe('MALFORMED_BODY');
    expect(body.message).toMatch(/unexpected end of multipart data/i);
    await nothingKept(configId);
  });

  it('cut off before any part is complete is a 400', async () => {
    const configId = await givenStorage(admin.t, admin.token, storageKind);
    const whole = form(configId);
    const res = await send(whole.headers['content-type'] ?? '', whole.payload.subarray(0, 60));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorEnvelopeSchema.parse(res.json()).error).toBe('MALFORMED_BODY');
    await nothingKept(configId);
  });
});
