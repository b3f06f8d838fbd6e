import { randomBytes, randomUUID } from 'node:crypto';
import type { MultipartInitResponse } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { formBody, givenStorage } from '../../test/files.js';
import { bearer, useAdminApp } from '../../test/identity.js';
import { listenOnLoopback, rawConnection, requestHead } from '../../test/raw-http.js';
import { EARLY_REPLY_DRAIN_LIMIT } from './early-reply.js';

const MiB = 1024 * 1024;
/** Within the drain limit: the rest is read and the connection stays open. */
const SMALL = 2 * MiB;
/** Beyond it: `Connection: close`, closed gracefully. */
const BIG = EARLY_REPLY_DRAIN_LIMIT + 2 * MiB;

interface EarlyRequest {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

type Admin = ReturnType<typeof useAdminApp>;

const fileForm = (size: number, fields: Record<string, string> = {}) => {
  const form = formBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      filename: 'big.bin',
      type: 'application/octet-stream',
      data: randomBytes(size),
    },
  ]);
  return { headers: form.headers, body: form.payload };
};

async function setMaxUploadMb(admin: Admin, mb: number) {
  const res = await admin.t.app.inject({
    method: 'PUT',
    url: '/api/admin/system-settings',
    headers: bearer(admin.token),
    payload: { max_upload_size: mb },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A relay-part URL of an open multipart upload of 1 MiB in one 1 MiB part. */
async function givenPartUrl(admin: Admin): Promise<string> {
  const init = await admin.t.app.inject({
    method: 'POST',
    url: '/api/upload/multipart/init',
    headers: bearer(admin.token),
    payload: { filename: 'parts.bin', size: MiB, part_size: MiB },
  });
  expect(init.statusCode, init.body).toBe(200);
  const session = init.json<{ data: MultipartInitResponse }>().data;
  return `/api/upload/multipart/part?file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}&partNumber=1`;
}

/** Requests the server answers before reading their body; each body is far from read. */
const SCENARIOS: {
  name: string;
  status: number;
  error: string;
  given: (admin: Admin) => Promise<EarlyRequest>;
}[] = [
  {
    name: 'a 2 MiB form upload over max_upload_size (1 MB)',
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    given: async (admin) => {
      await setMaxUploadMb(admin, 1);
      return { path: '/api/upload', ...withAuth(admin, fileForm(SMALL)) };
    },
  },
  {
    name: 'a form upload beyond the drain limit over max_upload_size',
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    given: async (admin) => {
      await setMaxUploadMb(admin, 1);
      return { path: '/api/upload', ...withAuth(admin, fileForm(BIG)) };
    },
  },
  {
    name: 'a form upload over the storage quota',
    status: 507,
    error: 'INSUFFICIENT_STORAGE',
    given: async (admin) => {
      const configId = await givenStorage(admin.t, admin.token, 'local', {
        total_storage_bytes: MiB,
      });
      return {
        path: '/api/upload',
        ...withAuth(admin, fileForm(SMALL, { s3_config_id: configId })),
      };
    },
  },
  {
    name: 'an anonymous form upload (guest uploads off)',
    status: 401,
    error: 'UNAUTHORIZED',
    given: () => Promise.resolve({ path: '/api/upload', ...fileForm(SMALL) }),
  },
  {
    name: 'an upload that is not a form',
    status: 415,
    error: 'UNSUPPORTED_MEDIA_TYPE',
    given: (admin) =>
      Promise.resolve({
        path: '/api/upload',
        headers: { ...bearer(admin.token), 'content-type': 'text/plain' },
        body: randomBytes(SMALL),
      }),
  },
  {
    name: 'a relayed part larger than its part size',
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    given: async (admin) => ({
      path: await givenPartUrl(admin),
      headers: { ...bearer(admin.token), 'content-type': 'application/octet-stream' },
      body: randomBytes(SMALL),
    }),
  },
  {
    name: 'a relayed part beyond the drain limit',
    status: 413,
    error: 'PAYLOAD_TOO_LARGE',
    given: async (admin) => ({
      path: await givenPartUrl(admin),
      headers: { ...bearer(admin.token), 'content-type': 'application/octet-stream' },
      body: randomBytes(BIG),
    }),
  },
  {
    name: 'a relayed part of an unknown upload',
    status: 404,
    error: 'NOT_FOUND',
    given: (admin) =>
      Promise.resolve({
        path: `/api/upload/multipart/part?file_id=${randomUUID()}&upload_id=nope&partNumber=1`,
        headers: { ...bearer(admin.token), 'content-type': 'application/octet-stream' },
        body: randomBytes(SMALL),
      }),
  },
];

function withAuth(admin: Admin, request: Omit<EarlyRequest, 'path'>) {
  return { ...request, headers: { ...bearer(admin.token), ...request.headers } };
}

describe.each(SCENARIOS)('an early answer to $name', ({ status, error, given }) => {
  const admin = useAdminApp('sqlite');

  it('reaches fetch, and the next request on the same agent succeeds', async () => {
    const request = await given(admin);
    const port = await listenOnLoopback(admin.t.app);
    const origin = `http://127.0.0.1:${port}`;
    const res = await fetch(`${origin}${request.path}`, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    const next = await fetch(`${origin}/api/version`);
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({ success: true });
  });

  it('is read whole off a raw socket, then the connection serves again or ends with FIN', async () => {
    const request = await given(admin);
    const conn = rawConnection(await listenOnLoopback(admin.t.app));
    try {
      void conn.write(
        requestHead('POST', request.path, {
          ...request.headers,
          'content-length': request.body.length,
        }),
      );
      const sent = conn.write(request.body);
      const res = await conn.response();
      expect(res.status).toBe(status);
      expect(JSON.parse(res.body)).toMatchObject({ code: status, error });
      await sent;
      const closes = request.body.length > EARLY_REPLY_DRAIN_LIMIT;
      expect(res.headers.connection).toBe(closes ? 'close' : 'keep-alive');
      if (closes) {
        // The whole body was sent and the server closed gracefully: FIN, no reset.
        expect(await conn.closed).toEqual({ finReceived: true, error: undefined });
      } else {
        await conn.write(requestHead('GET', '/api/version'));
        const next = await conn.response();
        expect(next.status).toBe(200);
        expect(JSON.parse(next.body)).toMatchObject({ success: true });
      }
    } finally {
      conn.destroy();
    }
  });
});
