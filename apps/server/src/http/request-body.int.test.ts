import {
  errorEnvelopeSchema,
  UNKNOWN_FIELD_RULE,
  type ErrorEnvelope,
  type FileDetail,
} from '@pasteport/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { directUpload } from '../../test/files.js';
import { bearer, givenApiKey, useAdminApp } from '../../test/identity.js';

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The two ways a client sends "no body" under a JSON Content-Type: Content-Length 0, and no
 * body at all (no length, nothing sent).
 */
const EMPTY_BODIES = [
  { name: 'Content-Length: 0', headers: { ...JSON_TYPE, 'content-length': '0' } },
  { name: 'no body at all', headers: JSON_TYPE },
] as const;

function errorOf(res: { json(): unknown }): ErrorEnvelope {
  return errorEnvelopeSchema.parse(res.json());
}

describe.each(EMPTY_BODIES)('a JSON Content-Type with $name', ({ headers }) => {
  const admin = useAdminApp('sqlite');

  const bodiless = (method: InjectOptions['method'], url: string, token = admin.token) =>
    admin.t.app.inject({ method, url, headers: { ...bearer(token), ...headers } });

  async function givenPasteId(): Promise<string> {
    const res = await admin.t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(admin.token),
      payload: { content: 'hello' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { slug } = res.json<{ data: { slug: string } }>().data;
    const row = await admin.t.database.db
      .selectFrom('pastes')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('logs out: the session ends and a later request with its token is 401', async () => {
    const out = await bodiless('POST', '/api/admin/logout');
    expect(out.statusCode, out.body).toBe(200);
    const after = await bodiless('GET', '/api/test/admin-token');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).error).toBe('SESSION_INVALID');
  });

  it('deletes a paste, a file and an API key', async () => {
    const pasteId = await givenPasteId();
    const upload = await directUpload(
      admin.t,
      bearer(admin.token),
      {},
      {
        filename: 'a.txt',
        type: 'text/plain',
        data: Buffer.from('a'),
      },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json<{ data: FileDetail }>().data.id;
    const key = await givenApiKey(admin.t, admin.token);

    for (const url of [
      `/api/admin/pastes/${pasteId}`,
      `/api/admin/files/${fileId}`,
      `/api/admin/api-keys/${key.id}`,
    ]) {
      const res = await bodiless('DELETE', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect((await bodiless('GET', `/api/admin/pastes/${pasteId}`)).statusCode).toBe(404);
    expect((await bodiless('GET', `/api/admin/files/${fileId}`)).statusCode).toBe(404);
    const keys = await bodiless('GET', '/api/admin/api-keys');
    expect(keys.json<{ data: { id: string }[] }>().data).toEqual([]);
  });

  it('runs the other bodiless calls: set-default, storage test, cache clear', async () => {
    const defaultId = (await admin.t.storage.getDefault()).id;
    for (const [method, url] of [
      ['PUT', `/api/s3-configs/${defaultId}/set-default`],
      ['POST', `/api/s3-configs/${defaultId}/test`],
      ['POST', '/api/admin/cache/clear'],
      ['POST', '/api/user/cache/clear'],
    ] as const) {
      const res = await bodiless(method, url);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
  });

  it('is no body to a route that needs one: 400 VALIDATION_FAILED, not MALFORMED_BODY', async () => {
    const res = await bodiless('POST', '/api/paste');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).error).toBe('VALIDATION_FAILED');
  });
});

describe('a body that is there but not JSON', () => {
  const admin = useAdminApp('sqlite');

  it('is still 400 MALFORMED_BODY, and the call does nothing', async () => {
    for (const payload of ['{"name": ', ' ', 'null,']) {
      const out = await admin.t.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { ...bearer(admin.token), ...JSON_TYPE },
        payload,
      });
      expect(out.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(out).error).toBe('MALFORMED_BODY');
    }
    const still = await admin.t.app.inject({
      method: 'GET',
      url: '/api/test/admin-token',
      headers: bearer(admin.token),
    });
    expect(still.statusCode).toBe(200);
  });
});

describe('unknown body fields', () => {
  const admin = useAdminApp('sqlite');

  const send = (method: InjectOptions['method'], url: string, payload: object) =>
    admin.t.app.inject({ method, url, headers: bearer(admin.token), payload });

  /** The details of a 400 VALIDATION_FAILED answer. */
  function detailsOf(res: { statusCode: number; body: string; json(): unknown }) {
    expect(res.statusCode, res.body).toBe(400);
    const body = errorOf(res);
    expect(body.error).toBe('VALIDATION_FAILED');
    return body.details ?? [];
  }

  it('POST /api/paste with maxViews and expiresAt: 400 naming both and the names to use; nothing is created', async () => {
    const res = await send('POST', '/api/paste', {
      content: 'limited, the author believes',
      maxViews: 3,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(detailsOf(res)).toEqual([
      {
        field: 'maxViews',
        rule: UNKNOWN_FIELD_RULE,
        message: 'unknown field maxViews: use max_views',
      },
      {
        field: 'expiresAt',
        rule: UNKNOWN_FIELD_RULE,
        message: 'unknown field expiresAt: use expires_at',
      },
    ]);
    expect(errorOf(res).message).toBe(
      'invalid body: unknown field maxViews: use max_views; unknown field expiresAt: use expires_at',
    );
    const rows = await admin.t.database.db.selectFrom('pastes').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('creating an API key with an unknown field: 400 naming it; no key is created', async () => {
    const res = await send('POST', '/api/admin/api-keys', {
      name: 'k',
      expires_at: null,
      textPermission: true,
    });
    expect(detailsOf(res)).toEqual([
      {
        field: 'textPermission',
        rule: UNKNOWN_FIELD_RULE,
        message: 'unknown field textPermission: use text_permission',
      },
    ]);
    const keys = await admin.t.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: bearer(admin.token),
    });
    expect(keys.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('updating the settings with an unknown field: 400 naming it; nothing is saved', async () => {
    const read = async () =>
      (
        await admin.t.app.inject({
          method: 'GET',
          url: '/api/admin/system-settings',
          headers: bearer(admin.token),
        })
      ).json<{ data: { allow_guest_pastes: boolean } }>().data;
    const before = await read();
    const res = await send('PUT', '/api/admin/system-settings', {
      allow_guest_pastes: !before.allow_guest_pastes,
      maxUploadSize: 5,
    });
    expect(detailsOf(res)).toEqual([
      {
        field: 'maxUploadSize',
        rule: UNKNOWN_FIELD_RULE,
        message: 'unknown field maxUploadSize: use max_upload_size',
      },
    ]);
    expect(await read()).toEqual(before);
  });

  it('creating a storage config with an unknown field: 400 naming it, beside other problems', async () => {
    const res = await send('POST', '/api/s3-configs', {
      name: 'disk',
      provider_type: 'local',
      root_path: '/tmp/pasteport-never-created',
      colour: 'blue',
    });
    expect(detailsOf(res)).toEqual([
      { field: 'colour', rule: UNKNOWN_FIELD_RULE, message: 'unknown field colour' },
    ]);
    const configs = await admin.t.app.inject({
      method: 'GET',
      url: '/api/s3-configs',
      headers: bearer(admin.token),
    });
    expect(configs.json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('refuses an unknown field of a nested object at its full path', async () => {
    const res = await send('POST', '/api/upload/multipart/complete', {
      file_id: 'f',
      upload_id: 'u',
      parts: [{ partNumber: 1, etag: 'e', ETag: 'e' }],
    });
    expect(detailsOf(res)).toEqual([
      {
        field: 'parts.0.ETag',
        rule: UNKNOWN_FIELD_RULE,
        message: 'unknown field ETag: use etag',
      },
    ]);
  });

  it('refuses an unknown upload form field the same way, and stores nothing; the file part is fine', async () => {
    const file = { filename: 'a.txt', type: 'text/plain', data: Buffer.from('a') };
    for (const order of ['fields-first', 'file-first'] as const) {
      const res = await directUpload(admin.t, bearer(admin.token), { maxViews: '2' }, file, order);
      expect(detailsOf(res), order).toEqual([
        {
          field: 'maxViews',
          rule: UNKNOWN_FIELD_RULE,
          message: 'unknown field maxViews: use max_views',
        },
      ]);
    }
    const files = await admin.t.database.db.selectFrom('files').select('id').execute();
    expect(files).toEqual([]);
    const ok = await directUpload(admin.t, bearer(admin.token), { max_views: '2' }, file);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ data: FileDetail }>().data.max_views).toBe(2);
  });
});
