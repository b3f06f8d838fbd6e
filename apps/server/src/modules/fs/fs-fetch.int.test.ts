import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { FsFetchStarted } from '@pasteport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS, type StorageKind } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { fenceToLoopback } from '../../../test/loopback-fence.js';
import { createMount, readObject, seedObject } from '../../../test/mounts.js';
import { useRecordingServers } from '../../../test/recording-servers.js';
import { useTaskRunner, waitForTask } from '../../../test/tasks.js';
import { createRemoteFetcher } from '../url-import/remote-fetch.js';

// Nothing here may send a packet beyond loopback (see test/loopback-fence.ts).
const { violations } = fenceToLoopback();
afterEach(() => {
  expect(violations).toEqual([]);
});

/** The stand-in public host: the fetcher resolves it to 127.0.0.1 and allows that address. */
const HOST = 'files.test';
const LOOPBACK_FETCHER = createRemoteFetcher({
  resolve: (hostname: string) => Promise.resolve(hostname === HOST ? ['127.0.0.1'] : []),
  allowAddresses: ['127.0.0.1'],
});

type Headers = Record<string, string>;
const MiB = 1024 * 1024;

describe.each(DATABASE_KINDS)('fs fetch (download tasks) on %s', (kind) => {
  const admin = useAdminApp(kind, { fetcher: LOOPBACK_FETCHER });
  const auth = () => bearer(admin.token);
  const runners = useTaskRunner();
  const startServer = useRecordingServers();

  /** A "remote" server for the stand-in host; answers a path's route, else 404. */
  async function remote(routes: Record<string, http.RequestListener>) {
    const server = await startServer((req, res) => {
      const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
      if (route) return route(req, res);
      res.writeHead(404).end('not here');
    });
    return Object.assign(server, { url: (path: string) => `http://${HOST}:${server.port}${path}` });
  }

  function serve(data: Buffer, headers: http.OutgoingHttpHeaders = {}, chunked = false) {
    return ((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        ...(chunked ? {} : { 'content-length': String(data.length) }),
        ...headers,
      });
      res.end(data);
    }) satisfies http.RequestListener;
  }

  function fetchInto(t: TestApp, payload: unknown, headers: Headers = auth()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/fs/fetch',
      headers,
      payload: payload as object,
    });
  }

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind: StorageKind) => {
    async function givenSpace(extra: Parameters<typeof givenStorage>[3] = {}) {
      const storage = await givenStorage(admin.t, admin.token, storageKind, {
        allow_api_keys: true,
        ...extra,
      });
      await createMount(admin.t, admin.token, '/inbox', storage, { cache_ttl: 0 });
      return storage;
    }

    it('downloads URLs into a folder byte for byte, named by the URL or the caller', async () => {
      const storage = await givenSpace();
      const big = randomBytes(3 * MiB + 17);
      const small = Buffer.from('# notes\n');
      const server = await remote({
        '/files/big.bin': serve(big),
        '/download': serve(small, { 'content-type': 'text/markdown' }, true),
      });
      const res = await fetchInto(admin.t, {
        path: '/inbox/in',
        items: [
          { url: server.url('/files/big.bin') },
          { url: server.url('/download'), fileName: 'notes.md' },
        ],
      });
      expect(res.statusCode, res.body).toBe(202);
      const started = res.json<{ data: FsFetchStarted }>().data;
      expect(started.items.map((item) => item.path)).toEqual([
        '/inbox/in/big.bin',
        '/inbox/in/notes.md',
      ]);

      runners.start(admin.t);
      const task = await waitForTask(admin.t, auth(), started.taskId);
      expect(task).toMatchObject({ type: 'download', status: 'completed' });
      expect(task.progress).toMatchObject({
        current: 2,
        total: 2,
        bytes_done: big.length + small.length,
      });
      expect(task.items.map((item) => [item.source, item.target, item.bytes])).toEqual([
        [server.url('/files/big.bin'), '/inbox/in/big.bin', big.length],
        [server.url('/download'), '/inbox/in/notes.md', small.length],
      ]);
      expect((await readObject(admin.t, storage, 'in/big.bin')).equals(big)).toBe(true);
      expect((await readObject(admin.t, storage, 'in/notes.md')).equals(small)).toBe(true);
      const driver = await admin.t.storage.getDriver(storage);
      expect((await driver.stat('in/notes.md'))?.contentType).toBe('text/markdown');

      // The folder listing shows them at once (the writes were announced).
      const list = await admin.t.app.inject({
        method: 'GET',
        url: '/api/fs/list?path=/inbox/in',
        headers: auth(),
      });
      expect(
        list.json<{ data: { items: { name: string }[] } }>().data.items.map((i) => i.name),
      ).toEqual(['big.bin', 'notes.md']);
    });

    it('refuses bad requests whole, before any fetch, naming the item', async () => {
      const storage = await givenSpace();
      await seedObject(admin.t, storage, 'taken.txt', Buffer.from('mine'));
      const server = await remote({ '/taken.txt': serve(Buffer.from('theirs')) });
      const cases: [unknown, number, string][] = [
        [{ path: '/inbox', items: [{ url: server.url('/taken.txt') }] }, 409, 'items[0].fileName'],
        [{ path: '/inbox', items: [{ url: 'file:///etc/passwd' }] }, 400, 'items.0.url'],
        [
          { path: '/inbox', items: [{ url: server.url('/a'), fileName: '../x' }] },
          400,
          'items[0].fileName',
        ],
        [
          {
            path: '/inbox',
            items: [
              { url: server.url('/a'), fileName: 'same' },
              { url: server.url('/b'), fileName: 'same' },
            ],
          },
          400,
          'items[1].fileName',
        ],
        [{ path: '/inbox', items: [] }, 400, 'items'],
        [{ path: '/inbox', items: [{ url: server.url('/a') }], extra: 1 }, 400, 'extra'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await fetchInto(admin.t, payload);
        expect(res.statusCode, res.body).toBe(status);
        expect(JSON.stringify(res.json()), res.body).toContain(field);
      }
      expect(server.requests).toEqual([]);
      expect((await readObject(admin.t, storage, 'taken.txt')).toString()).toBe('mine');

      // With overwrite the taken name is replaced.
      runners.start(admin.t);
      const res = await fetchInto(admin.t, {
        path: '/inbox',
        items: [{ url: server.url('/taken.txt') }],
        overwrite: true,
      });
      const task = await waitForTask(
        admin.t,
        auth(),
        res.json<{ data: FsFetchStarted }>().data.taskId,
      );
      expect(task.status).toBe('completed');
      expect((await readObject(admin.t, storage, 'taken.txt')).toString()).toBe('theirs');
    });

    it('fails an item on a remote error, a private address or a size limit, and keeps nothing', async () => {
      const storage = await givenSpace();
      const limit = await admin.t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings',
        headers: auth(),
        payload: { max_upload_size: 1 },
      });
      expect(limit.statusCode).toBe(200);
      const over = randomBytes(MiB + 1);
      const server = await remote({
        '/declared.bin': serve(over),
        '/chunked.bin': serve(over, {}, true),
        '/ok.txt': serve(Buffer.from('fine')),
      });
      const key = await givenApiKey(admin.t, admin.token, { mount: true });
      const res = await fetchInto(
        admin.t,
        {
          path: '/inbox',
          items: [
            { url: server.url('/missing') },
            { url: 'http://10.0.0.1/internal.bin' },
            { url: server.url('/declared.bin') },
            { url: server.url('/chunked.bin') },
            { url: server.url('/ok.txt') },
          ],
        },
        apiKey(key.key),
      );
      expect(res.statusCode, res.body).toBe(202);
      runners.start(admin.t);
      const task = await waitForTask(
        admin.t,
        apiKey(key.key),
        res.json<{ data: FsFetchStarted }>().data.taskId,
      );
      expect(task.status).toBe('partial');
      expect(task.items.map((item) => item.status)).toEqual([
        'failed',
        'failed',
        'failed',
        'failed',
        'completed',
      ]);
      expect(task.items[0]?.error).toContain('HTTP 404');
      expect(task.items[1]?.error).toMatch(/address|allowed|private/i);
      expect(task.items[2]?.error).toContain('1048576');
      expect(task.items[3]?.error).toContain('1048576');
      const driver = await admin.t.storage.getDriver(storage);
      const keys = (await driver.list('')).objects.map((object) => object.key);
      expect(keys).toEqual(['ok.txt']);
    });

    it('a cancel stops a download mid-stream and leaves nothing behind', async () => {
      const storage = await givenSpace();
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstSent = (): void => undefined;
      const sent = new Promise<void>((resolve) => (firstSent = resolve));
      const server = await remote({
        '/slow.bin': (_req, res) => {
          res.writeHead(200, { 'content-length': String(2 * MiB) });
          res.write(randomBytes(256 * 1024), () => firstSent());
          void held.then(() => res.end(randomBytes(2 * MiB - 256 * 1024)));
        },
      });
      const url = server.url('/slow.bin');
      runners.start(admin.t);
      const res = await fetchInto(admin.t, { path: '/inbox', items: [{ url }] });
      const { taskId } = res.json<{ data: FsFetchStarted }>().data;
      await sent;
      await waitForTask(admin.t, auth(), taskId, (task) => task.progress.bytes_done > 0);
      const cancel = await admin.t.app.inject({
        method: 'POST',
        url: `/api/tasks/${taskId}/cancel`,
        headers: auth(),
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const task = await waitForTask(admin.t, auth(), taskId);
      release();
      expect(task.status).toBe('cancelled');
      const driver = await admin.t.storage.getDriver(storage);
      expect(await driver.stat('slow.bin')).toBeNull();
    });
  });
});
