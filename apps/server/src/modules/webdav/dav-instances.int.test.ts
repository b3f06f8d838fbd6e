import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { bearer, givenAdmin, loginAs, TEST_ADMIN } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';

/*
 * WebDAV state that every instance must share (PostgreSQL: two apps on one database, the
 * invalidation bus over LISTEN/NOTIFY): locks live in the database, and a logout on one
 * instance makes the others forget the Basic credentials they remembered.
 */

const BASIC = {
  authorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`,
};
const LOCK_BODY =
  '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

function dav(
  t: TestApp,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  payload?: string,
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...BASIC, ...headers },
    ...(payload !== undefined && { payload }),
  });
}

describe('WebDAV across two instances on one PostgreSQL database', () => {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  afterEach(async () => {
    await second?.close();
    await first?.close();
  });

  async function twoInstances() {
    first = await buildTestApp('postgres');
    await givenAdmin(first);
    const token = await loginAs(first);
    // A storage both instances reach (each has its own DATA_DIR, so not the default one).
    const root = path.join(first.dataDir, 'shared');
    await mkdir(root);
    const storage = await first.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: bearer(token),
      payload: { name: 'shared disk', provider_type: 'local', root_path: root },
    });
    expect(storage.statusCode).toBe(201);
    await createMount(first, token, '/m', storage.json<{ data: { id: string } }>().data.id);
    second = await buildTestApp('postgres', { sameDatabaseAs: first });
    return { a: first, b: second, token };
  }

  it('honours a lock taken on one instance on the other', async () => {
    const { a, b } = await twoInstances();
    expect((await dav(a, 'PUT', '/dav/m/shared.txt', {}, 'v1')).statusCode).toBe(201);
    const lock = await dav(
      a,
      'LOCK',
      '/dav/m/shared.txt',
      { 'content-type': 'application/xml' },
      LOCK_BODY,
    );
    expect(lock.statusCode).toBe(200);
    const token = lock.headers['lock-token'] as string;
    expect((await dav(b, 'PUT', '/dav/m/shared.txt', {}, 'v2')).statusCode).toBe(423);
    expect((await dav(b, 'LOCK', '/dav/m/shared.txt', {}, LOCK_BODY)).statusCode).toBe(423);
    expect((await dav(b, 'PUT', '/dav/m/shared.txt', { if: `(${token})` }, 'v2')).statusCode).toBe(
      204,
    );
    expect((await dav(b, 'UNLOCK', '/dav/m/shared.txt', { 'lock-token': token })).statusCode).toBe(
      204,
    );
    expect((await dav(a, 'PUT', '/dav/m/shared.txt', {}, 'v3')).statusCode).toBe(204);
  });

  it('forgets remembered Basic credentials on every instance when the administrator logs out', async () => {
    const { a, b, token } = await twoInstances();
    const checks = vi.spyOn(b.root.services.auth, 'verifyPassword');
    for (let i = 0; i < 5; i++) {
      expect((await dav(b, 'PROPFIND', '/dav/m/', { depth: '0' })).statusCode).toBe(207);
    }
    expect(checks).toHaveBeenCalledTimes(1);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    // The other instance hears of it through the database; each probe is one request.
    await vi.waitFor(async () => {
      expect((await dav(b, 'PROPFIND', '/dav/m/', { depth: '0' })).statusCode).toBe(207);
      expect(checks).toHaveBeenCalledTimes(2);
    }, UNTIL_DONE);
  });
});
