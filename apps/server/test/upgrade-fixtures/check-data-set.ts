import { createHash } from 'node:crypto';
import type { FileDetail, StorageTestResult, TaskList } from '@pasteport/contract';
import { expect } from 'vitest';
import { systemClock, type Clock } from '../../src/lib/clock.js';
import type { TestApp } from '../app-harness.js';
import { apiKey, bearer, TEST_ADMIN } from '../identity.js';
import type { TestS3Settings } from '../s3-server.js';
import { DAV_HOST, type DataSetRecord } from './data-set.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Checks that everything `buildDataSet` made still serves through the API: pastes with their
 * passwords and view limits, files with their bytes, keys with their permissions and basic
 * paths, mounts, the task, the WebDAV lock and dead property, the settings, and that the S3
 * config's sealed credentials still open (against `s3`, where the test's S3 server runs now).
 * It spends views: run it once per database.
 */
export async function checkDataSet(
  t: Pick<TestApp, 'app' | 'database'>,
  record: DataSetRecord,
  s3: TestS3Settings,
  clock: Clock = systemClock,
): Promise<void> {
  const now = () => clock.now().getTime();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: TEST_ADMIN,
  });
  expect(login.statusCode, login.body).toBe(200);
  const auth = bearer(login.json<{ data: { token: string } }>().data.token);
  const download = (slug: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/file-download/${slug}${query}` });
  const get = (url: string, headers: Record<string, string> = auth) =>
    t.app.inject({ method: 'GET', url, headers });

  const settings = await get('/api/admin/system-settings');
  expect(settings.json()).toMatchObject({ data: record.settings });

  for (const paste of record.pastes) await checkPaste(t, paste);

  const listed = (await get('/api/admin/files?limit=100')).json<{
    data: { items: FileDetail[] };
  }>();
  for (const file of record.files) {
    const row = listed.data.items.find((item) => item.slug === file.slug);
    expect(row, file.slug).toMatchObject({
      size: file.size,
      max_views: file.max_views,
      expires_at: file.expires_at,
    });
    const expired = file.expires_at !== null && Date.parse(file.expires_at) <= now();
    if (file.password) {
      expect((await download(file.slug)).statusCode, file.slug).toBe(401);
    }
    const res = await download(
      file.slug,
      file.password ? `?password=${encodeURIComponent(file.password)}` : '',
    );
    if (expired) {
      expect(res.statusCode, `${file.slug} expired`).toBeGreaterThanOrEqual(400);
    } else {
      expect(res.statusCode, `${file.slug}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(sha256(res.rawPayload), file.slug).toBe(file.sha256);
    }
  }

  const textKey = record.keys.find((key) => key.text)!;
  expect((await get('/api/user/pastes', apiKey(textKey.key))).statusCode).toBe(200);
  expect((await get('/api/user/files', apiKey(textKey.key))).statusCode).toBe(403);
  const mountKey = record.keys.find((key) => key.mount)!;
  const inside = await get(
    `/api/fs/list?path=${encodeURIComponent(mountKey.basic_path)}`,
    apiKey(mountKey.key),
  );
  expect(inside.statusCode, inside.body).toBe(200);
  expect(inside.body).toContain('readme.txt');
  expect((await get('/api/fs/list?path=%2Fs3', apiKey(mountKey.key))).statusCode).toBe(403);
  expect((await get('/api/user/pastes', apiKey(mountKey.key))).statusCode).toBe(403);

  const mounts = (await get('/api/admin/mounts')).json<{ data: { mount_path: string }[] }>().data;
  expect(mounts.map((mount) => mount.mount_path).sort()).toEqual(
    record.mounts.map((mount) => mount.path).sort(),
  );
  const local = await get('/api/fs/get?path=%2Flocal%2Fdocs%2Freadme.txt');
  expect(local.statusCode, local.body).toBe(200);

  const tasks = (await get('/api/tasks')).json<{ data: TaskList }>().data;
  expect(tasks.items.find((task) => task.id === record.task_id)).toMatchObject({
    status: 'completed',
  });

  const lock = await t.database.db
    .selectFrom('dav_locks')
    .select(['path', 'expires_at'])
    .where('token', '=', record.webdav.lock_token)
    .executeTakeFirst();
  expect(lock?.path).toBe(record.webdav.locked_path.replace(/^\/dav/, ''));
  if (lock && Date.parse(lock.expires_at) > now()) {
    const blocked = await t.app.inject({
      method: 'PUT',
      url: record.webdav.locked_path,
      headers: { ...auth, host: DAV_HOST },
      payload: 'overwrite',
    });
    expect(blocked.statusCode).toBe(423);
  }
  const props = await t.app.inject({
    method: 'PROPFIND',
    url: record.webdav.property_path,
    headers: { ...auth, host: DAV_HOST, depth: '0' },
    payload:
      '<D:propfind xmlns:D="DAV:"><D:prop><Z:color xmlns:Z="urn:pasteport:test"/></D:prop></D:propfind>',
  });
  expect(props.statusCode).toBe(207);
  expect(props.body).toMatch(/>red<\//);

  // The sealed S3 credentials decrypt with the secret the data was made with: pointed at the S3
  // server running now, the storage check writes, reads and deletes with them.
  const repointed = await t.app.inject({
    method: 'PUT',
    url: `/api/s3-configs/${record.s3_config_id}`,
    headers: auth,
    payload: { endpoint_url: s3.endpoint },
  });
  expect(repointed.statusCode, repointed.body).toBe(200);
  const probe = await t.app.inject({
    method: 'POST',
    url: `/api/s3-configs/${record.s3_config_id}/test`,
    headers: auth,
  });
  expect(probe.statusCode, probe.body).toBe(200);
  expect(probe.json<{ data: StorageTestResult }>().data.checks.write.status).toBe('ok');
}

async function checkPaste(
  t: Pick<TestApp, 'app'>,
  paste: DataSetRecord['pastes'][number],
): Promise<void> {
  const open = () =>
    paste.password
      ? t.app.inject({
          method: 'POST',
          url: `/api/paste/${paste.slug}`,
          payload: { password: paste.password },
        })
      : t.app.inject({ method: 'GET', url: `/api/paste/${paste.slug}` });
  if (paste.password) {
    const prompt = await t.app.inject({ method: 'GET', url: `/api/paste/${paste.slug}` });
    expect(prompt.json(), paste.slug).toMatchObject({ data: { password_required: true } });
    expect(prompt.body).not.toContain(paste.content);
  }
  const remaining = paste.max_views === 0 ? 1 : paste.max_views - paste.views;
  for (let i = 0; i < remaining; i++) {
    const res = await open();
    expect(res.statusCode, `${paste.slug}: ${res.body}`).toBe(200);
    expect(res.json()).toMatchObject({
      data: { content: paste.content, expires_at: paste.expires_at },
    });
  }
  if (paste.max_views > 0) expect((await open()).statusCode, paste.slug).toBe(410);
}
