import { Readable } from 'node:stream';
import type { FileDetail, SharedPaths } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, givenStorage } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount } from '../../../test/mounts.js';
import type { TestApp } from '../../../test/app-harness.js';

const HOUR_MS = 3_600_000;

async function putObject(t: TestApp, configId: string, key: string) {
  const driver = await t.storage.getDriver(configId);
  await driver.write(key, Readable.from([Buffer.from(key)]), {
    contentType: 'text/plain',
    contentLength: Buffer.byteLength(key),
  });
}

describe.each(DATABASE_KINDS)('which mount paths are shared, on %s', (kind) => {
  const clock = movableClock();
  const admin = useAdminApp(kind, { clock });

  /** A mount `/m` on the local storage (open to API keys) holding `keys`. */
  async function givenObjects(keys: readonly string[]): Promise<string> {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { allow_api_keys: true });
    for (const key of keys) await putObject(t, configId, key);
    await givenMount(t, '/m', configId);
    return configId;
  }

  async function share(path: string, options: Record<string, unknown> = {}): Promise<FileDetail> {
    const res = await admin.t.app.inject({
      method: 'POST',
      url: '/api/fs/share',
      headers: bearer(admin.token),
      payload: { path, ...options },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: FileDetail }>().data;
  }

  function ask(
    payload: Record<string, unknown>,
    headers: Record<string, string> = bearer(admin.token),
  ) {
    return admin.t.app.inject({ method: 'POST', url: '/api/fs/shared', headers, payload });
  }

  async function sharedOf(paths: string[], headers: Record<string, string> = bearer(admin.token)) {
    const res = await ask({ paths }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SharedPaths }>().data.shared;
  }

  it('counts a shared file, the folders holding it, and nothing next to them', async () => {
    await givenObjects(['a/x.txt', 'a/z.txt', 'ab/y.txt', 'a.txt', 'a0/w.txt', 'A/v.txt']);
    await share('/m/a/x.txt');
    await share('/m/ab/y.txt');
    await share('/m/a.txt');

    expect(
      await sharedOf([
        '/m/a/x.txt',
        '/m/a',
        '/m/ab',
        '/m/a/z.txt',
        '/m/a/x',
        '/m/a0',
        '/m/A',
        '/m/a.txt',
        '/m',
      ]),
    ).toEqual([
      { path: '/m/a/x.txt', shares: 1 },
      // Not ab/y.txt, a.txt or a0/w.txt: only a itself and what lies beneath a/.
      { path: '/m/a', shares: 1 },
      // Not a/x.txt: /m/ab is not beneath /m/a, nor /m/a beneath it.
      { path: '/m/ab', shares: 1 },
      { path: '/m/a.txt', shares: 1 },
      { path: '/m', shares: 3 },
    ]);
  });

  it('answers each path as it was asked, several shares of one object counted', async () => {
    await givenObjects(['docs/report.txt']);
    await share('/m/docs/report.txt');
    await share('/m/docs/report.txt', { password: 'secret-words' });

    expect(await sharedOf(['/m/docs/', '//m/docs/report.txt'])).toEqual([
      { path: '/m/docs/', shares: 2 },
      { path: '//m/docs/report.txt', shares: 2 },
    ]);
  });

  it('takes % and _ in names as themselves', async () => {
    await givenObjects(['100%/a.txt', '1000/b.txt', 'a_b/c.txt', 'axb/d.txt', 'p%q_r.txt']);
    for (const path of ['/m/100%/a.txt', '/m/1000/b.txt', '/m/a_b/c.txt', '/m/axb/d.txt']) {
      await share(path);
    }
    await share('/m/p%q_r.txt');

    expect(
      await sharedOf(['/m/100%', '/m/a_b', '/m/a%', '/m/_', '/m/p%q_r.txt', '/m/p_q%r.txt']),
    ).toEqual([
      { path: '/m/100%', shares: 1 },
      { path: '/m/a_b', shares: 1 },
      { path: '/m/p%q_r.txt', shares: 1 },
    ]);
  });

  it('counts live shares only: not deleted, expired, out of views or whose object went', async () => {
    const configId = await givenObjects([
      'live.txt',
      'gone.txt',
      'expired.txt',
      'used.txt',
      'removed.txt',
    ]);
    await share('/m/live.txt', { expires_in: 24, max_views: 5 });
    const deleted = await share('/m/gone.txt');
    await share('/m/expired.txt', { expires_in: 1 });
    await share('/m/used.txt', { slug: 'used-once', max_views: 1 });
    await share('/m/removed.txt');
    const all = ['/m/live.txt', '/m/gone.txt', '/m/expired.txt', '/m/used.txt', '/m/removed.txt'];
    expect((await sharedOf(all)).map(({ path }) => path)).toEqual(all);

    const res = await admin.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/files/${deleted.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect((await download(admin.t, 'used-once')).statusCode).toBe(200);
    await admin.t.root.fsChanges.emit({
      storageConfigId: configId,
      removed: [{ key: 'removed.txt', recursive: false }],
    });
    clock.advance(2 * HOUR_MS);

    expect(await sharedOf([...all, '/m'])).toEqual([
      { path: '/m/live.txt', shares: 1 },
      { path: '/m', shares: 1 },
    ]);
  });

  it('counts uploads stored where a mount shows them (deleting the object breaks them too)', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { allow_api_keys: true });
    await givenMount(t, '/m', configId);
    const res = await directUpload(
      t,
      bearer(token),
      {},
      {
        filename: 'note.txt',
        type: 'text/plain',
        data: Buffer.from('hello'),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json<{ data: FileDetail }>().data;
    expect(uploaded.s3_config_id).toBe(configId);

    expect(await sharedOf([`/m/${uploaded.storage_path}`])).toEqual([
      { path: `/m/${uploaded.storage_path}`, shares: 1 },
    ]);
  });

  it('counts the paths of a long list each in its place', async () => {
    await givenObjects(['late/x.txt', 'early.txt']);
    await share('/m/late/x.txt');
    await share('/m/early.txt');
    const paths = Array.from({ length: 1000 }, (_, i) => `/m/none-${i}`);
    paths[3] = '/m/early.txt';
    paths[999] = '/m/late';

    expect(await sharedOf(paths)).toEqual([
      { path: '/m/early.txt', shares: 1 },
      { path: '/m/late', shares: 1 },
    ]);
  });

  it('reads paths as the caller may read them: nothing outside an API key’s basic path', async () => {
    const { t, token } = admin;
    await givenObjects(['a/x.txt', 'ab/y.txt']);
    await share('/m/a/x.txt');
    await share('/m/ab/y.txt');
    const scoped = await givenApiKey(t, token, { mount: true, basic_path: '/m/a' });
    const key = apiKey(scoped.key);

    expect(await sharedOf(['/m/a', '/m/a/x.txt'], key)).toEqual([
      { path: '/m/a', shares: 1 },
      { path: '/m/a/x.txt', shares: 1 },
    ]);
    for (const paths of [['/m/ab/y.txt'], ['/m/a/x.txt', '/m/ab'], ['/elsewhere']]) {
      const outside = await ask({ paths }, key);
      expect(outside.statusCode, paths.join()).toBe(403);
      expect(outside.json<{ error: string }>().error).toBe('PATH_FORBIDDEN');
    }
    // Above the basic path the key sees a bare virtual folder, never the shares beneath it.
    const above = await ask({ paths: ['/m'] }, key);
    expect(above.statusCode).toBe(400);
    expect(above.json<{ details: { field: string }[] }>().details[0]?.field).toBe('paths[0]');

    const fileOnly = await givenApiKey(t, token, { file: true });
    const denied = await ask({ paths: ['/m/a/x.txt'] }, apiKey(fileOnly.key));
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ error: string }>().error).toBe('PERMISSION_DENIED');
    const anonymous = await ask({ paths: ['/m/a/x.txt'] }, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad bodies, naming the field', async () => {
    await givenObjects(['a/x.txt']);
    const fieldOf = async (payload: Record<string, unknown>) => {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      return res.json<{ details: { field: string }[] }>().details[0]?.field;
    };
    const tooMany = Array.from({ length: 1001 }, (_, i) => `/m/f-${i}`);

    expect(await fieldOf({})).toBe('paths');
    expect(await fieldOf({ paths: [] })).toBe('paths');
    expect(await fieldOf({ paths: tooMany })).toBe('paths');
    expect(await fieldOf({ paths: '/m/a' })).toBe('paths');
    expect(await fieldOf({ paths: ['/m/a/../a/x.txt'] })).toBe('paths[0]');
    expect(await fieldOf({ paths: ['/m/a', 'm/a/x.txt'] })).toBe('paths[1]');
    expect(await fieldOf({ paths: ['/m/a', '/m/a\\x.txt'] })).toBe('paths[1]');
    expect(await fieldOf({ paths: ['/'] })).toBe('paths[0]');
    expect(await fieldOf({ paths: ['/m/a'], extra: true })).toBe('extra');
    expect((await ask({ paths: ['/nothing-mounted'] })).statusCode).toBe(404);
  });
});
