import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { directUpload, download, givenStorage } from '../../test/files.js';
import { bearer, useAdminApp } from '../../test/identity.js';
import { JSON_COMPRESS_MIN_CHARS } from './json-compression.js';

/** A paste big enough that its JSON answer is compressed. */
const CONTENT = Array.from({ length: 200 }, (_, i) => `- line ${i} of a long paste`).join('\n');

describe('compressing JSON answers', () => {
  const admin = useAdminApp('sqlite');

  async function givenPaste(content = CONTENT): Promise<string> {
    const res = await admin.t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(admin.token),
      payload: { content },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { slug: string } }>().data.slug;
  }

  const read = (url: string, acceptEncoding?: string) =>
    admin.t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...bearer(admin.token),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('sends a big JSON answer with brotli or gzip as asked, decoding to the JSON', async () => {
    const slug = await givenPaste();
    const plain = await read(`/api/paste/${slug}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body.length).toBeGreaterThanOrEqual(JSON_COMPRESS_MIN_CHARS);
    expect(plain.json<{ data: { content: string } }>().data.content).toBe(CONTENT);

    const cases = [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0.5, gzip', 'gzip', zlib.gunzipSync],
    ] as const;
    for (const [accept, coding, decode] of cases) {
      const res = await read(`/api/paste/${slug}`, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const decoded = JSON.parse(decode(res.rawPayload).toString()) as {
        success: boolean;
        data: { slug: string; content: string };
      };
      expect(decoded).toMatchObject({ success: true, data: { slug, content: CONTENT } });
    }
  });

  it('sends JSON as it is when no coding is acceptable', async () => {
    const slug = await givenPaste();
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await read(`/api/paste/${slug}`, accept);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.json<{ data: { content: string } }>().data.content).toBe(CONTENT);
    }
  });

  it('leaves small JSON answers alone', async () => {
    const res = await read('/api/version', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(JSON_COMPRESS_MIN_CHARS);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/Accept-Encoding/);
  });

  it('never compresses user content: a raw paste and a JSON file download', async () => {
    const slug = await givenPaste(JSON.stringify({ lines: CONTENT.split('\n') }));
    const raw = await read(`/api/raw/${slug}`, 'br, gzip');
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(JSON.stringify({ lines: CONTENT.split('\n') }));

    const { t, token } = admin;
    const data = Buffer.from(JSON.stringify({ lines: CONTENT.split('\n') }));
    const upload = await directUpload(
      t,
      bearer(token),
      { s3_config_id: await givenStorage(t, token, 'local'), slug: 'data-json' },
      { filename: 'data.json', type: 'application/json', data },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    for (const [query, range] of [
      ['', undefined],
      ['', 'bytes=0-99'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/file-download/data-json${query}`,
        headers: { 'accept-encoding': 'br, gzip', ...(range ? { range } : {}) },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload).toEqual(range ? data.subarray(0, 100) : data);
    }
    const plain = await download(t, 'data-json');
    expect(plain.rawPayload).toEqual(data);
  });
});
