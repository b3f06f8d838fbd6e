import { randomBytes } from 'node:crypto';
import { errorEnvelopeSchema, type MultipartInitResponse } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { formBody } from '../../test/files.js';
import { bearer, useAdminApp } from '../../test/identity.js';
import { listenOnLoopback, rawConnection, requestHead } from '../../test/raw-http.js';

/** Short, so each test waits for one period; nothing here depends on how fast the machine is. */
const IDLE_MS = 200;

/** A form with one file, sent in two pieces: the head (into the file) and the rest. */
function formInTwoPieces(size: number, headBytes: number) {
  const form = formBody([
    {
      name: 'file',
      filename: 'slow.bin',
      type: 'application/octet-stream',
      data: randomBytes(size),
    },
  ]);
  return {
    headers: form.headers,
    length: form.payload.length,
    head: form.payload.subarray(0, headBytes),
    rest: form.payload.subarray(headBytes),
  };
}

/** The answer to a stalled body: 408, then a graceful close (FIN, never a reset). */
async function expectTimedOutAndClosed(conn: ReturnType<typeof rawConnection>) {
  const res = await conn.response();
  expect(res.status).toBe(408);
  expect(JSON.parse(res.body)).toMatchObject({ error: 'MALFORMED_BODY' });
  expect(await conn.closed).toEqual({ finReceived: true, error: undefined });
}

describe('a request body that stops arriving', () => {
  const admin = useAdminApp('sqlite', { httpLimits: { bodyIdleTimeoutMs: IDLE_MS } });

  it('is answered 408 (a JSON body sent one byte, then nothing) and the connection closes with FIN', async () => {
    const conn = rawConnection(await listenOnLoopback(admin.t.app));
    try {
      await conn.write(
        requestHead('POST', '/api/paste', {
          'content-type': 'application/json',
          'content-length': 50_000,
        }),
      );
      await conn.write('{');
      const res = await conn.response();
      expect(res.status).toBe(408);
      expect(res.headers.connection).toBe('close');
      const body = errorEnvelopeSchema.parse(JSON.parse(res.body));
      expect(body).toMatchObject({ code: 408, error: 'MALFORMED_BODY' });
      expect(body.message).toContain(`${IDLE_MS} ms`);
      expect(await conn.closed).toEqual({ finReceived: true, error: undefined });
    } finally {
      conn.destroy();
    }
  });

  it('is answered 408 when a form upload stops inside its file, and nothing is kept', async () => {
    const conn = rawConnection(await listenOnLoopback(admin.t.app));
    const form = formInTwoPieces(100_000, 20_000);
    try {
      await conn.write(
        requestHead('POST', '/api/upload', {
          ...bearer(admin.token),
          ...form.headers,
          'content-length': form.length,
        }),
      );
      await conn.write(form.head);
      await expectTimedOutAndClosed(conn);
    } finally {
      conn.destroy();
    }
    expect(await admin.t.database.db.selectFrom('files').select('id').execute()).toEqual([]);
  });

  it('is answered 408 when a relayed part stops', async () => {
    const init = await admin.t.app.inject({
      method: 'POST',
      url: '/api/upload/multipart/init',
      headers: bearer(admin.token),
      payload: { filename: 'parts.bin', size: 100_000, part_size: 100_000 },
    });
    expect(init.statusCode, init.body).toBe(200);
    const session = init.json<{ data: MultipartInitResponse }>().data;
    const conn = rawConnection(await listenOnLoopback(admin.t.app));
    try {
      await conn.write(
        requestHead(
          'POST',
          `/api/upload/multipart/part?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}&partNumber=1`,
          {
            ...bearer(admin.token),
            'content-type': 'application/octet-stream',
            'content-length': 100_000,
          },
        ),
      );
      await conn.write(randomBytes(1000));
      await expectTimedOutAndClosed(conn);
    } finally {
      conn.destroy();
    }
  });
});

describe('a slow but steady body', () => {
  // Generous against scheduling hiccups: chunks come 10 times faster than the idle limit.
  const admin = useAdminApp('sqlite', { httpLimits: { bodyIdleTimeoutMs: 1000 } });

  it('is not cut off: the limit is on silence, not on the total time', async () => {
    const body = Buffer.from(JSON.stringify({ content: 'x'.repeat(3000) }));
    const pieces = 30;
    const size = Math.ceil(body.length / pieces);
    const conn = rawConnection(await listenOnLoopback(admin.t.app));
    try {
      await conn.write(
        requestHead('POST', '/api/paste', {
          ...bearer(admin.token),
          'content-type': 'application/json',
          'content-length': body.length,
        }),
      );
      // 30 pieces 100 ms apart: about 3 s in all, three times the idle limit.
      for (let i = 0; i < pieces; i++) {
        await conn.write(body.subarray(i * size, (i + 1) * size));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const res = await conn.response();
      expect(res.status, res.body).toBe(201);
    } finally {
      conn.destroy();
    }
  });
});

describe('anonymous uploads in flight', () => {
  const admin = useAdminApp('sqlite', { httpLimits: { maxAnonymousUploads: 1 } });

  it('are limited: with the only slot held, the next guest gets 429 with Retry-After', async () => {
    const { t } = admin;
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: bearer(admin.token),
      payload: { allow_guest_uploads: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const port = await listenOnLoopback(t.app);
    const origin = `http://127.0.0.1:${port}`;
    const upload = (headers: Record<string, string> = {}) => {
      const form = formBody([
        { name: 'file', filename: 'a.txt', type: 'text/plain', data: randomBytes(1000) },
      ]);
      return fetch(`${origin}/api/upload`, {
        method: 'POST',
        headers: { ...headers, ...form.headers },
        body: form.payload,
      });
    };

    // A guest upload that holds its slot: its file has begun (a pending record exists).
    const held = rawConnection(port);
    const form = formInTwoPieces(50_000, 10_000);
    await held.write(
      requestHead('POST', '/api/upload', { ...form.headers, 'content-length': form.length }),
    );
    await held.write(form.head);
    const pending = () => t.database.db.selectFrom('files').select('id').execute();
    while ((await pending()).length === 0) await new Promise((r) => setTimeout(r, 20));

    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Signed-in uploads are not counted.
    expect((await upload(bearer(admin.token))).status).toBe(201);

    // The held upload finishes; its slot is free again.
    await held.write(form.rest);
    expect((await held.response()).status).toBe(201);
    held.destroy();
    expect((await upload()).status).toBe(201);
  });
});
