// Pasteport scaled out: two separate server processes on one PostgreSQL database and one
// S3-compatible storage, every check a request sequence alternating between them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  UPLOAD_SECRET_HEADER,
  type CreatedApiKey,
  type FileDetail,
  type FsFetchStarted,
  type FsList,
  type MultipartInitResponse,
  type TaskDetail,
  type UrlImportProgress,
  type UrlImportStarted,
} from '@pasteport/contract';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { UNTIL_DONE } from '../test/hang-guard.js';
import { createTestDatabase } from '../test/postgres.js';
import { s3ConfigBody } from '../test/s3-server.js';
import { call, startServerProcess, type ServerProcess } from '../test/server-processes.js';

const ADMIN = { username: 'admin', password: 'correct-horse-battery' };
const BASIC = {
  authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`,
};
const LOCK_BODY =
  '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';
const MiB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A loopback "remote" server: serves what `files` holds, counts GETs per path, can hold bodies. */
function startRemote() {
  const files = new Map<string, { data: Buffer; hold?: Promise<void>; sendFirst?: number }>();
  const gets = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (req.method === 'GET') gets.set(req.url ?? '', (gets.get(req.url ?? '') ?? 0) + 1);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(file.data.length),
    });
    if (req.method === 'HEAD') return void res.end();
    if (!file.hold) return void res.end(file.data);
    const first = file.sendFirst ?? 0;
    res.write(file.data.subarray(0, first));
    void file.hold.then(() => res.end(file.data.subarray(first)));
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return { files, gets, listening, close: () => server.close() };
}

describe('two Pasteport processes on one PostgreSQL database and one S3 storage', () => {
  const instances: ServerProcess[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  const remote = startRemote();
  let remoteBase = '';
  let a: ServerProcess;
  let b: ServerProcess;
  let token = '';
  let key = '';
  /** A test's own folder on the mount /m (cache_ttl an hour): one storage, both instances. */
  const dir = `/m/${randomUUID()}`;

  const bearer = () => ({ authorization: `Bearer ${token}` });
  const at = (instance: ServerProcess, url: string) => `${instance.base}${url}`;
  /** The instance of the i-th request: A, B, A, B … */
  const nth = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    const database = await createTestDatabase(inject('postgresUrl'));
    dropDatabase = () => database.drop();
    remoteBase = `http://127.0.0.1:${await remote.listening}`;
    const env = {
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TEST_ONLY_ALLOW_LOOPBACK_FETCH: 'true',
    };
    // Both start at once on an empty database: migrations and the first admin race, as they
    // would when a deployment starts several replicas together.
    const started = await Promise.allSettled([
      startServerProcess('a', env),
      startServerProcess('b', env),
    ]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = instances as [ServerProcess, ServerProcess];

    const login = await call(at(a, '/api/admin/login'), { method: 'POST', body: ADMIN });
    expect(login.status, login.text()).toBe(200);
    token = login.json<{ data: { token: string } }>().data.token;
    // The shared S3 storage, made the default on B, mounted at /m through A.
    const s3 = await call(at(a, '/api/s3-configs'), {
      method: 'POST',
      headers: bearer(),
      body: {
        ...s3ConfigBody(inject('s3'), 'shared s3', `scale/${randomUUID()}`),
        allow_api_keys: true,
      },
    });
    expect(s3.status, s3.text()).toBe(201);
    const storageId = s3.json<{ data: { id: string } }>().data.id;
    const made = await call(at(b, `/api/s3-configs/${storageId}/set-default`), {
      method: 'PUT',
      headers: bearer(),
    });
    expect(made.status, made.text()).toBe(200);
    const mount = await call(at(a, '/api/admin/mounts'), {
      method: 'POST',
      headers: bearer(),
      body: { name: 'm', mount_path: '/m', storage_config_id: storageId, cache_ttl: 3600 },
    });
    expect(mount.status, mount.text()).toBe(201);
    expect((await call(at(b, `/dav${dir}`), { method: 'MKCOL', headers: BASIC })).status).toBe(201);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    remote.close();
    await dropDatabase?.();
  });

  it('1. honours a session and an API key made on A on B', async () => {
    expect((await call(at(b, '/api/admin/api-keys'), { headers: bearer() })).status).toBe(200);
    const created = await call(at(a, '/api/admin/api-keys'), {
      method: 'POST',
      headers: bearer(),
      body: {
        name: 'scale key',
        expires_at: null,
        text_permission: true,
        file_permission: true,
        mount_permission: true,
        basic_path: '/',
      },
    });
    expect(created.status, created.text()).toBe(201);
    key = created.json<{ data: CreatedApiKey }>().data.key;
    const info = await call(at(b, '/api/test/api-key'), {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(info.status, info.text()).toBe(200);
    expect(info.json()).toMatchObject({ data: { name: 'scale key' } });
    const forged = await call(at(b, '/api/admin/api-keys'), {
      headers: { authorization: `Bearer ${token.slice(0, -2)}xx` },
    });
    expect(forged.status).toBe(401);
  });

  it('2. counts failed logins across both instances: 5 in total lock the username', async () => {
    // Not the administrator: its lock would end every later login of this file.
    const username = `guesser-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 5; i++) {
      const res = await call(at(nth(i), '/api/admin/login'), {
        method: 'POST',
        body: { username, password: `wrong-${i}-password` },
      });
      expect(res.status, `attempt ${i + 1} on ${nth(i).name}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const locked = await call(at(instance, '/api/admin/login'), {
        method: 'POST',
        body: { username, password: 'wrong-again-password' },
      });
      expect(locked.status, instance.name).toBe(429);
      expect(locked.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('3. gives exactly 5 of 200 concurrent readers on both instances a max_views = 5 paste', async () => {
    const created = await call(at(a, '/api/paste'), {
      method: 'POST',
      headers: bearer(),
      body: { content: 'five views only', max_views: 5 },
    });
    expect(created.status, created.text()).toBe(201);
    const { slug } = created.json<{ data: { slug: string } }>().data;
    const reads = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(at(nth(i), `/api/paste/${slug}`))),
    );
    const statuses = reads.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 410)).toHaveLength(195);
    for (const read of reads.filter((res) => res.status === 200)) {
      expect(read.json()).toMatchObject({ data: { content: 'five views only' } });
    }
  });

  /** Starts a 12 MiB + multipart upload on `instance`; parts are 5 MiB. */
  async function initUpload(instance: ServerProcess, data: Buffer, slug: string) {
    const init = await call(at(instance, '/api/upload/multipart/init'), {
      method: 'POST',
      headers: bearer(),
      body: { filename: `${slug}.bin`, size: data.length, slug, part_size: 5 * MiB },
    });
    expect(init.status, init.text()).toBe(200);
    const session = init.json<{ data: MultipartInitResponse }>().data;
    expect(session.part_count).toBe(3);
    const part = (n: number) => data.subarray((n - 1) * 5 * MiB, n * 5 * MiB);
    const headers = { ...bearer(), [UPLOAD_SECRET_HEADER]: session.upload_secret };
    const ref = `file_id=${session.file_id}&upload_id=${encodeURIComponent(session.upload_id)}`;
    return {
      /** Part `n` relayed through `via`. */
      relay: async (via: ServerProcess, n: number) => {
        const res = await call(
          at(via, `/api/upload/multipart/part?${ref}&partNumber=${n}&isLastPart=${n === 3}`),
          {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/octet-stream' },
            body: part(n),
          },
        );
        expect(res.status, `part ${n} via ${via.name}: ${res.text()}`).toBe(200);
        return res.json<{ data: { etag: string } }>().data.etag;
      },
      /** Part `n` straight to S3 on the URL the init answered. */
      direct: async (n: number) => {
        const target = session.presigned_urls[n - 1]!;
        const res = await call(target.url, {
          method: 'PUT',
          headers: session.upload_headers,
          body: part(n),
        });
        expect(res.status, `part ${n} to S3: ${res.text()}`).toBe(200);
        return String(res.headers.etag);
      },
      complete: async (via: ServerProcess, etags: string[]) => {
        const res = await call(at(via, '/api/upload/multipart/complete'), {
          method: 'POST',
          headers,
          body: {
            file_id: session.file_id,
            upload_id: session.upload_id,
            parts: etags.map((etag, i) => ({ partNumber: i + 1, etag })),
          },
        });
        expect(res.status, res.text()).toBe(200);
        return res.json<{ data: FileDetail }>().data;
      },
    };
  }

  async function downloadsIdentically(from: ServerProcess[], slug: string, data: Buffer) {
    for (const instance of from) {
      const got = await call(at(instance, `/api/file-download/${slug}`));
      expect(got.status, instance.name).toBe(200);
      expect(got.body.length).toBe(data.length);
      expect(sha256(got.body)).toBe(sha256(data));
    }
  }

  it('4. completes a multipart upload begun on A, parts on A, B and S3, completed on B', async () => {
    const data = randomBytes(12 * MiB + 4321);
    const slug = `split-${randomUUID().slice(0, 8)}`;
    const upload = await initUpload(a, data, slug);
    const etags = [await upload.relay(a, 1), await upload.relay(b, 2), await upload.direct(3)];
    expect(await upload.complete(b, etags)).toMatchObject({ slug, size: data.length });
    await downloadsIdentically([a, b], slug, data);
  });

  it('5. drops the listing and key caches of B after a write or a revocation on A', async () => {
    const list = async () => {
      const res = await call(at(b, `/api/fs/list?path=${encodeURIComponent(dir)}`), {
        headers: bearer(),
      });
      expect(res.status, res.text()).toBe(200);
      return res.json<{ data: FsList }>().data.items.map((item) => item.name);
    };
    const before = await list();
    expect(before).not.toContain('written-on-a.txt');
    const put = await call(at(a, `/dav${dir}/written-on-a.txt`), {
      method: 'PUT',
      headers: BASIC,
      body: 'from A',
    });
    expect(put.status).toBe(201);
    // B cached the folder for an hour; only A's announcement can make it list the new file.
    await vi.waitFor(async () => expect(await list()).toContain('written-on-a.txt'), UNTIL_DONE);

    const created = await call(at(b, '/api/admin/api-keys'), {
      method: 'POST',
      headers: bearer(),
      body: { name: 'short-lived', expires_at: null, text_permission: true, basic_path: '/' },
    });
    expect(created.status, created.text()).toBe(201);
    const revoked = created.json<{ data: CreatedApiKey }>().data;
    const asKey = { authorization: `ApiKey ${revoked.key}` };
    // Used on B first, so B holds it in its key cache.
    expect((await call(at(b, '/api/test/api-key'), { headers: asKey })).status).toBe(200);
    const deleted = await call(at(a, `/api/admin/api-keys/${revoked.id}`), {
      method: 'DELETE',
      headers: bearer(),
    });
    expect(deleted.status, deleted.text()).toBe(200);
    await vi.waitFor(async () => {
      expect((await call(at(b, '/api/test/api-key'), { headers: asKey })).status).toBe(401);
    }, UNTIL_DONE);
  });

  it('6. honours a WebDAV lock taken on A on B', async () => {
    const file = `/dav${dir}/locked.txt`;
    expect((await call(at(a, file), { method: 'PUT', headers: BASIC, body: 'v1' })).status).toBe(
      201,
    );
    const lock = await call(at(a, file), {
      method: 'LOCK',
      headers: { ...BASIC, 'content-type': 'application/xml' },
      body: LOCK_BODY,
    });
    expect(lock.status, lock.text()).toBe(200);
    const lockToken = String(lock.headers['lock-token']);
    expect(lockToken).toMatch(/^<.+>$/);
    const without = await call(at(b, file), { method: 'PUT', headers: BASIC, body: 'v2' });
    expect(without.status).toBe(423);
    const withToken = await call(at(b, file), {
      method: 'PUT',
      headers: { ...BASIC, if: `(${lockToken})` },
      body: 'v2',
    });
    expect(withToken.status, withToken.text()).toBe(204);
    const read = await call(at(a, file), { headers: BASIC });
    expect(read.text()).toBe('v2');
  });

  it('7. runs a fetch task on exactly one instance: each URL fetched once, each file written', async () => {
    const names = ['one.bin', 'two.bin', 'three.bin'];
    const datas = names.map(() => randomBytes(300 * 1024));
    names.forEach((name, i) => remote.files.set(`/task/${name}`, { data: datas[i]! }));
    const started = await call(at(a, '/api/fs/fetch'), {
      method: 'POST',
      headers: bearer(),
      body: {
        path: `${dir}/fetched`,
        items: names.map((name) => ({ url: `${remoteBase}/task/${name}` })),
      },
    });
    expect(started.status, started.text()).toBe(202);
    const { taskId } = started.json<{ data: FsFetchStarted }>().data;
    let reads = 0;
    let task: TaskDetail | undefined;
    await vi.waitFor(async () => {
      const res = await call(at(nth(reads++), `/api/tasks/${taskId}?items_limit=100`), {
        headers: bearer(),
      });
      expect(res.status).toBe(200);
      task = res.json<{ data: TaskDetail }>().data;
      expect(['completed', 'failed', 'partial', 'cancelled']).toContain(task.status);
    }, UNTIL_DONE);
    expect(task?.status).toBe('completed');
    expect(task?.items).toHaveLength(3);
    expect(task?.items.every((item) => item.status === 'completed')).toBe(true);
    for (const [i, name] of names.entries()) {
      expect(remote.gets.get(`/task/${name}`), name).toBe(1);
      const got = await call(at(nth(i), `/dav${dir}/fetched/${name}`), { headers: BASIC });
      expect(sha256(got.body)).toBe(sha256(datas[i]!));
    }
  });

  it('8. reports the progress of a URL import started on A on B, running and finished', async () => {
    const data = randomBytes(3 * MiB);
    let open = (): void => undefined;
    const hold = new Promise<void>((resolve) => (open = resolve));
    remote.files.set('/import/big.bin', { data, hold, sendFirst: 2 * MiB });
    const started = await call(at(a, '/api/url/import'), {
      method: 'POST',
      headers: bearer(),
      body: { url: `${remoteBase}/import/big.bin`, slug: `imported-${randomUUID().slice(0, 8)}` },
    });
    expect(started.status, started.text()).toBe(202);
    const { task_id } = started.json<{ data: UrlImportStarted }>().data;
    const progressOn = async (instance: ServerProcess) => {
      const res = await call(at(instance, `/api/url/import/${task_id}`), { headers: bearer() });
      expect(res.status, `${instance.name}: ${res.text()}`).toBe(200);
      return res.json<{ data: UrlImportProgress }>().data;
    };
    // Half-way (the remote holds the last MiB back): B reads what A wrote to the database.
    await vi.waitFor(async () => {
      const midway = await progressOn(b);
      expect(midway.state).toBe('running');
      expect(midway.loaded).toBeGreaterThanOrEqual(MiB);
    }, UNTIL_DONE);
    expect((await progressOn(b)).total).toBe(data.length);
    open();
    let done: UrlImportProgress | undefined;
    await vi.waitFor(async () => {
      done = await progressOn(b);
      expect(done.state).toBe('completed');
    }, UNTIL_DONE);
    expect(done).toMatchObject({ loaded: data.length, total: data.length });
    expect(await progressOn(a)).toEqual(done);
    const stranger = await call(at(b, `/api/url/import/${task_id}`), {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(stranger.status).toBe(404);
    await downloadsIdentically([b, a], done!.file!.slug, data);
  });

  it('9. lets a client finish on B an upload whose first instance was killed mid-way', async () => {
    const data = randomBytes(11 * MiB + 99);
    const slug = `survivor-${randomUUID().slice(0, 8)}`;
    const upload = await initUpload(a, data, slug);
    const first = [await upload.relay(a, 1), await upload.direct(2)];
    await a.kill();
    const etags = [...first, await upload.relay(b, 3)];
    expect(await upload.complete(b, etags)).toMatchObject({ slug, size: data.length });
    await downloadsIdentically([b], slug, data);
  });
});
