import { expect, it } from 'vitest';
import {
  MiB,
  expectAppError,
  etagHeaderOf,
  randomBody,
  readAll,
  sha256,
  type DriverUnderTest,
} from './helpers.js';

/** PUTs one part through its presigned URL, as the browser uploader does; returns the ETag. */
async function putPart(
  dut: DriverUnderTest,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Buffer,
): Promise<string> {
  const request = await dut.driver.presignPart(key, uploadId, partNumber, {
    expiresInSeconds: 600,
  });
  expect(request.method).toBe('PUT');
  const response = await fetch(request.url, { method: 'PUT', headers: request.headers, body });
  expect(response.status).toBe(200);
  const etag = response.headers.get('etag');
  expect(etag).toEqual(etagHeaderOf(dut, body));
  return etag ?? '';
}

/** Contract: multipart upload with presigned parts, resume via listParts, complete, abort. */
export function multipartContract(use: () => DriverUnderTest): void {
  it('assembles presigned parts into one byte-identical object', async () => {
    const { driver } = use();
    const key = 'mp/视频 final.bin';
    const part1 = randomBody(5 * MiB);
    const part2 = randomBody(5 * MiB + 17);
    const part3 = randomBody(1234);
    const uploadId = await driver.createMultipart(key, { contentType: 'video/mp4' });
    expect(uploadId).not.toBe('');

    // Out of order, as concurrent uploads finish.
    const etag2 = await putPart(use(), key, uploadId, 2, part2);
    const etag1 = await putPart(use(), key, uploadId, 1, part1);
    expect(await driver.listParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: etag1.slice(1, -1), size: part1.length },
      { partNumber: 2, etag: etag2.slice(1, -1), size: part2.length },
    ]);
    // Resume: the uploader asks what is there and sends only what is missing.
    const etag3 = await putPart(use(), key, uploadId, 3, part3);
    expect((await driver.listParts(key, uploadId)).map((p) => p.partNumber)).toEqual([1, 2, 3]);

    const whole = Buffer.concat([part1, part2, part3]);
    const done = await driver.completeMultipart(key, uploadId, [
      { partNumber: 1, etag: etag1 },
      { partNumber: 2, etag: etag2 },
      { partNumber: 3, etag: etag3 },
    ]);
    expect(done.size).toBe(whole.length);
    const info = await driver.stat(key);
    expect(info).toMatchObject({ size: whole.length, contentType: 'video/mp4', etag: done.etag });
    expect(sha256(await readAll((await driver.read(key)).stream))).toBe(sha256(whole));
    // The upload is finished: it cannot be listed or completed again.
    await expectAppError(driver.listParts(key, uploadId), 'NOT_FOUND');
  });

  it('replaces a re-uploaded part and refuses parts S3 would refuse', async () => {
    const { driver } = use();
    const key = 'mp/strict.bin';
    const uploadId = await driver.createMultipart(key, { contentType: 'application/octet-stream' });
    const small = randomBody(1000);
    const stale = await putPart(use(), key, uploadId, 1, randomBody(2000));
    const etag1 = await putPart(use(), key, uploadId, 1, small);
    const etag2 = await putPart(use(), key, uploadId, 2, randomBody(10));
    expect((await driver.listParts(key, uploadId))[0]).toMatchObject({ size: 1000 });

    await expectAppError(
      driver.completeMultipart(key, uploadId, [
        { partNumber: 1, etag: stale },
        { partNumber: 2, etag: etag2 },
      ]),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      driver.completeMultipart(key, uploadId, [
        { partNumber: 1, etag: etag1 },
        { partNumber: 2, etag: etag2 },
      ]),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      driver.completeMultipart(key, uploadId, [
        { partNumber: 2, etag: etag2 },
        { partNumber: 1, etag: etag1 },
      ]),
      'VALIDATION_FAILED',
    );
    expect(await driver.stat(key)).toBeNull();
    // A single small part is fine: only non-last parts have a minimum size.
    const single = await driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag: etag1 }]);
    expect(single.size).toBe(1000);
    expect((await readAll((await driver.read(key)).stream)).equals(small)).toBe(true);
  });

  it('aborts an upload: its parts are gone and aborting again is harmless', async () => {
    const { driver } = use();
    const key = 'mp/aborted.bin';
    const uploadId = await driver.createMultipart(key, { contentType: 'application/octet-stream' });
    const etag = await putPart(use(), key, uploadId, 1, randomBody(4096));
    await driver.abortMultipart(key, uploadId);
    await expectAppError(driver.listParts(key, uploadId), 'NOT_FOUND');
    await expectAppError(
      driver.completeMultipart(key, uploadId, [{ partNumber: 1, etag }]),
      'NOT_FOUND',
    );
    await expect(driver.abortMultipart(key, uploadId)).resolves.toBeUndefined();
    expect(await driver.stat(key)).toBeNull();
    expect((await driver.list('')).objects).toEqual([]);
  });

  it('validates part numbers and part lists before asking storage', async () => {
    const { driver } = use();
    const uploadId = await driver.createMultipart('mp/v.bin', { contentType: 'text/plain' });
    await expectAppError(driver.presignPart('mp/v.bin', uploadId, 0), 'VALIDATION_FAILED');
    await expectAppError(driver.presignPart('mp/v.bin', uploadId, 10_001), 'VALIDATION_FAILED');
    await expectAppError(driver.completeMultipart('mp/v.bin', uploadId, []), 'VALIDATION_FAILED');
    await driver.abortMultipart('mp/v.bin', uploadId);
  });
}
