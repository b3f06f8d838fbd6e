import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { adminToken, bearer } from '../../../test/identity.js';

describe.each(DATABASE_KINDS)('system settings on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await buildTestApp(kind);
    token = await adminToken(t);
  });
  afterEach(() => t.close());

  const put = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: bearer(token),
      payload: payload as object,
    });

  it('reads the defaults: 100 MB, direct WebDAV uploads, system files ignored, no guests', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-settings',
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({
      data: {
        max_upload_size: 100,
        webdav_upload_mode: 'direct',
        webdav_ignore_system_files: true,
        allow_guest_pastes: false,
        allow_guest_uploads: false,
      },
    });
    const pub = await t.app.inject({ method: 'GET', url: '/api/system/max-upload-size' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ data: { max_upload_size: 100 } });
  });

  it('saves a partial update and shows it everywhere', async () => {
    const res = await put({ max_upload_size: 2048, allow_guest_pastes: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { max_upload_size: 2048, allow_guest_pastes: true, webdav_upload_mode: 'direct' },
    });
    const pub = await t.app.inject({ method: 'GET', url: '/api/system/max-upload-size' });
    expect(pub.json()).toMatchObject({ data: { max_upload_size: 2048 } });
    const guests = await t.app.inject({ method: 'GET', url: '/api/system/guest-access' });
    expect(guests.json()).toMatchObject({
      data: { allow_guest_pastes: true, allow_guest_uploads: false },
    });
    expect((await put({ webdav_upload_mode: 'multipart' })).json()).toMatchObject({
      data: { webdav_upload_mode: 'multipart', max_upload_size: 2048, allow_guest_pastes: true },
    });
  });

  it('turns ignoring WebDAV system files off and on again', async () => {
    const off = await put({ webdav_ignore_system_files: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      data: { webdav_ignore_system_files: false, webdav_upload_mode: 'direct' },
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-settings',
      headers: bearer(token),
    });
    expect(read.json()).toMatchObject({ data: { webdav_ignore_system_files: false } });
    expect((await put({ webdav_ignore_system_files: true })).json()).toMatchObject({
      data: { webdav_ignore_system_files: true },
    });
  });

  it.each([
    [{ max_upload_size: 0 }, 'max_upload_size'],
    [{ max_upload_size: -5 }, 'max_upload_size'],
    [{ max_upload_size: '100' }, 'max_upload_size'],
    [{ webdav_upload_mode: 'teleport' }, 'webdav_upload_mode'],
    [{ allow_guest_uploads: 'yes' }, 'allow_guest_uploads'],
    [{ webdav_ignore_system_files: 'false' }, 'webdav_ignore_system_files'],
    [{ webdav_ignore_system_files: 0 }, 'webdav_ignore_system_files'],
    [{ unknown_setting: 1 }, 'unknown_setting'],
  ])('refuses %j with 400 naming %s and saves nothing', async (payload, field) => {
    const res = await put({ allow_guest_pastes: true, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(res.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toContain(
      field,
    );
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-settings',
      headers: bearer(token),
    });
    expect(after.json()).toMatchObject({ data: { allow_guest_pastes: false } });
  });
});
