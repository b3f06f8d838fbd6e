import { expect, it } from 'vitest';
import {
  etagHeaderOf,
  put,
  randomBody,
  readAll,
  tamperUrl,
  type DriverUnderTest,
} from './helpers.js';

const REFUSED = [403, 412];

/** Contract: presigned PUT/GET used over real HTTP, and refusal of forged or stale URLs. */
export function presignContract(use: () => DriverUnderTest): void {
  it('accepts a browser-style PUT to a presigned URL, then serves it from a presigned GET', async () => {
    const dut = use();
    const { driver } = dut;
    const body = randomBody(200_000);
    const upload = await driver.presignPut('up/photo 照片.bin', {
      contentType: 'image/webp',
      contentLength: body.length,
      expiresInSeconds: 300,
    });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'content-type': 'image/webp' });
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);
    expect(upload.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);

    const putResponse = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body });
    expect(putResponse.status).toBe(200);
    const etag = putResponse.headers.get('etag');
    expect(etag).toEqual(etagHeaderOf(dut, body));
    expect(await driver.stat('up/photo 照片.bin')).toMatchObject({
      size: body.length,
      contentType: 'image/webp',
      etag: etag?.slice(1, -1),
    });

    const download = await driver.presignGet('up/photo 照片.bin', {
      filename: '照片 final.webp',
      disposition: 'attachment',
      expiresInSeconds: 300,
    });
    expect(download.method).toBe('GET');
    const getResponse = await fetch(download.url);
    expect(getResponse.status).toBe(200);
    expect(getResponse.headers.get('content-type')).toBe('image/webp');
    expect(getResponse.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''%E7%85%A7%E7%89%87%20final.webp`,
    );
    expect(Buffer.from(await getResponse.arrayBuffer()).equals(body)).toBe(true);

    const ranged = await fetch(download.url, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${body.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
  });

  it('refuses an upload whose type or size differs from what was signed', async () => {
    const { driver } = use();
    const upload = await driver.presignPut('up/strict.txt', {
      contentType: 'text/plain',
      contentLength: 5,
    });
    const wrongType = await fetch(upload.url, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(403);
    const wrongSize = await fetch(upload.url, {
      method: 'PUT',
      headers: upload.headers,
      body: 'hello, world',
    });
    expect(wrongSize.status).toBe(403);
    expect(await driver.stat('up/strict.txt')).toBeNull();
  });

  it('refuses tampered presigned URLs', async () => {
    const { driver } = use();
    await put(driver, 'secret/a.txt', 'secret a');
    await put(driver, 'secret/a.txt-other', 'secret b');
    const download = await driver.presignGet('secret/a.txt');
    expect((await fetch(download.url)).status).toBe(200);
    for (const how of ['signature', 'target'] as const) {
      const response = await fetch(tamperUrl(download.url, how));
      expect(response.status, how).toBe(403);
      expect(await response.text()).not.toContain('secret');
    }

    const upload = await driver.presignPut('up/x.txt', { contentType: 'text/plain' });
    for (const how of ['signature', 'target'] as const) {
      const response = await fetch(tamperUrl(upload.url, how), {
        method: 'PUT',
        headers: upload.headers,
        body: 'forged',
      });
      expect(response.status, how).toBe(403);
    }
    expect(await driver.stat('up/x.txt')).toBeNull();
    expect(await driver.stat('up/x.txt-other')).toBeNull();
  });

  it('refuses presigned URLs once they expire', async () => {
    const { driver } = use();
    await put(driver, 'exp/a.txt', 'soon gone');
    const download = await driver.presignGet('exp/a.txt', { expiresInSeconds: 1 });
    const upload = await driver.presignPut('exp/b.txt', {
      contentType: 'text/plain',
      expiresInSeconds: 1,
    });
    // SigV4 dates have whole seconds, so a 1 s URL may live up to 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(REFUSED).toContain((await fetch(download.url)).status);
    const put2 = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'late' });
    expect(REFUSED).toContain(put2.status);
    expect(await driver.stat('exp/b.txt')).toBeNull();
  });

  it('signs URLs that are valid HTTP targets and honour the default expiry', async () => {
    const { driver } = use();
    await put(driver, 'dl/readme.md', '# hi');
    const download = await driver.presignGet('dl/readme.md');
    expect(download.expiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const response = await fetch(download.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('# hi');
    expect((await readAll((await driver.read('dl/readme.md')).stream)).toString()).toBe('# hi');
  });
}
