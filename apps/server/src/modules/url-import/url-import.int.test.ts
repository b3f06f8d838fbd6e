// One file on purpose (over 400 lines): the loopback fence and the recording "remote" servers
// (test/recording-servers.ts) must wrap every case here.
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  UPLOAD_SECRET_HEADER,
  type FileDetail,
  type MultipartInitResponse,
  type PresignResponse,
  type UrlImportProgress,
  type UrlImportStarted,
  type UrlInfo,
} from '@pasteport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { fenceToLoopback } from '../../../test/loopback-fence.js';
import { useRecordingServers, type RecordingServer } from '../../../test/recording-servers.js';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { download, givenStorage, sendSigned, STORAGE_KINDS } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { createRemoteFetcher } from './remote-fetch.js';

// Nothing here may send a packet beyond loopback (see test/loopback-fence.ts).
const { violations } = fenceToLoopback();

// ---------------------------------------------------------------------------------------------
// Loopback "remote" servers that record every connection and request, on a stand-in host.

interface Remote extends RecordingServer {
  /** A URL on the test host that the fetcher resolves to this server. */
  url(path?: string): string;
}

/** The stand-in public host: the fetcher resolves it to 127.0.0.1 and allows that address. */
const HOST = 'files.test';
const LOOPBACK_FETCHER = createRemoteFetcher({
  resolve: (hostname: string) => Promise.resolve(hostname === HOST ? ['127.0.0.1'] : []),
  allowAddresses: ['127.0.0.1'],
});

const startServer = useRecordingServers();

async function startRemote(handler: http.RequestListener, host = '127.0.0.1'): Promise<Remote> {
  const server = await startServer(handler, host);
  return Object.assign(server, { url: (path = '/') => `http://${HOST}:${server.port}${path}` });
}

afterEach(() => {
  expect(violations).toEqual([]);
});

/** Serves `data` with the given headers; `hold` keeps all but the first `sendFirst` bytes back. */
function serve(
  data: Buffer,
  headers: http.OutgoingHttpHeaders = {},
  options: { chunked?: boolean; sendFirst?: number; hold?: Promise<void> } = {},
): http.RequestListener {
  return (req, res) => {
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      ...(options.chunked ? {} : { 'content-length': String(data.length) }),
      ...headers,
    });
    if (req.method === 'HEAD') return void res.end();
    if (!options.hold) return void res.end(data);
    const first = options.sendFirst ?? 64 * 1024;
    res.write(data.subarray(0, first));
    void options.hold.then(() => res.end(data.subarray(first)));
  };
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------

function api(t: TestApp, headers: Record<string, string>) {
  return {
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload }),
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
  };
}

async function progressOf(t: TestApp, headers: Record<string, string>, taskId: string) {
  const res = await api(t, headers).get(`/api/url/import/${taskId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UrlImportProgress }>().data;
}

/** Polls the task until `check` holds; returns the progress that passed. */
async function until(
  t: TestApp,
  headers: Record<string, string>,
  taskId: string,
  check: (progress: UrlImportProgress) => boolean,
): Promise<UrlImportProgress> {
  let last: UrlImportProgress | undefined;
  await vi.waitFor(async () => {
    last = await progressOf(t, headers, taskId);
    if (!check(last)) throw new Error(`not yet: ${JSON.stringify(last)}`);
  }, UNTIL_DONE);
  if (!last) throw new Error('no progress read');
  return last;
}

async function nothingStored(t: TestApp, configId: string, name: string): Promise<void> {
  expect(await t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
  const listed = await (await t.storage.getDriver(configId)).list('');
  expect(listed.objects.filter((o) => o.key.endsWith(name))).toEqual([]);
}

async function setMaxUploadMb(t: TestApp, token: string, mb: number): Promise<void> {
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/system-settings',
    headers: bearer(token),
    payload: { max_upload_size: mb },
  });
  expect(put.statusCode, put.body).toBe(200);
}

describe.each(DATABASE_KINDS)('URL upload on %s', (kind) => {
  describe('url/info and url/proxy through the guard', () => {
    const admin = useAdminApp(kind, { fetcher: LOOPBACK_FETCHER });
    const auth = () => bearer(admin.token);

    it('names the file from Content-Disposition filename* and reports size, type and ranges', async () => {
      const remote = await startRemote(
        serve(Buffer.alloc(1234, 'a'), {
          'content-type': 'text/plain; charset=utf-8',
          'content-disposition': `attachment; filename="fallback.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%202026.txt`,
          'accept-ranges': 'bytes',
        }),
      );
      const res = await api(admin.t, auth()).post('/api/url/info', {
        url: remote.url('/some/path/x.bin'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: UrlInfo }>().data).toEqual({
        url: remote.url('/some/path/x.bin'),
        filename: '报告 2026.txt',
        size: 1234,
        mimetype: 'text/plain',
        supports_range: true,
      });
      expect(remote.requests.map((r) => r.method)).toEqual(['HEAD']);
    });

    it('names the file from the final URL after redirects, else "download"', async () => {
      const remote = await startRemote((req, res) => {
        if (req.url === '/latest') res.writeHead(302, { location: '/files/My%20Notes.md' }).end();
        else serve(Buffer.from('# hi'), { 'content-type': 'application/octet-stream' })(req, res);
      });
      const named = await api(admin.t, auth()).post('/api/url/info', {
        url: remote.url('/latest'),
      });
      expect(named.json<{ data: UrlInfo }>().data).toEqual({
        url: remote.url('/files/My%20Notes.md'),
        filename: 'My Notes.md',
        size: 4,
        mimetype: 'text/markdown',
        supports_range: false,
      });
      const bare = await api(admin.t, auth()).post('/api/url/info', { url: remote.url('/') });
      expect(bare.json<{ data: UrlInfo }>().data).toMatchObject({
        filename: 'download',
        mimetype: 'application/octet-stream',
      });
    });

    it('falls back to a GET of bytes=0-0 when HEAD is refused', async () => {
      const remote = await startRemote((req, res) => {
        if (req.method === 'HEAD') return void res.writeHead(405).end();
        res
          .writeHead(206, {
            'content-type': 'image/png',
            'content-range': 'bytes 0-0/5000',
            'content-length': '1',
          })
          .end('x');
      });
      const res = await api(admin.t, auth()).post('/api/url/info', {
        url: remote.url('/img/photo.png'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: UrlInfo }>().data).toMatchObject({
        filename: 'photo.png',
        size: 5000,
        mimetype: 'image/png',
        supports_range: true,
      });
      expect(remote.requests.map((r) => `${r.method} ${r.headers.range ?? ''}`)).toEqual([
        'HEAD ',
        'GET bytes=0-0',
      ]);
    });

    it('answers 502 when the remote server refuses the file', async () => {
      const remote = await startRemote((_req, res) => void res.writeHead(404).end());
      const res = await api(admin.t, auth()).post('/api/url/info', { url: remote.url('/gone') });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: 'UPSTREAM_FAILED', data: { status: 404 } });
    });

    it('proxies the bytes as a sandboxed attachment, never as active content', async () => {
      const data = randomBytes(300_000);
      const remote = await startRemote(serve(data, { 'content-type': 'text/html' }));
      const res = await api(admin.t, auth()).get(
        `/api/url/proxy?url=${encodeURIComponent(remote.url('/page.html'))}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(sha256(res.rawPayload)).toBe(sha256(data));
      expect(res.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="page.html"; filename*=UTF-8''page.html`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
        'content-length': String(data.length),
        'cache-control': 'no-store',
      });

      const image = await startRemote(serve(Buffer.from('png'), { 'content-type': 'image/png' }));
      const png = await api(admin.t, auth()).get(
        `/api/url/proxy?url=${encodeURIComponent(image.url('/a.png'))}`,
      );
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.body).toBe('png');
    });

    it('refuses the proxy to anonymous callers and to keys without the file permission', async () => {
      const remote = await startRemote(serve(Buffer.from('secret')));
      const url = `/api/url/proxy?url=${encodeURIComponent(remote.url('/x'))}`;
      const anonymous = await admin.t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      const key = await givenApiKey(admin.t, admin.token, { text: true });
      const textOnly = await admin.t.app.inject({ method: 'GET', url, headers: apiKey(key.key) });
      expect(textOnly.statusCode).toBe(403);
      expect(remote.connections).toBe(0);
      // url/info follows the upload rule: no guest uploads by default.
      const info = await admin.t.app.inject({
        method: 'POST',
        url: '/api/url/info',
        payload: { url: remote.url('/x') },
      });
      expect(info.statusCode).toBe(401);
      expect(remote.connections).toBe(0);
    });

    it('caps the proxy at max_upload_size', async () => {
      await setMaxUploadMb(admin.t, admin.token, 1);
      const remote = await startRemote(serve(randomBytes(MiB + 1)));
      const res = await api(admin.t, auth()).get(
        `/api/url/proxy?url=${encodeURIComponent(remote.url('/big.bin'))}`,
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a redirect from the allowed host to a private address', async () => {
      const inner = await startRemote(serve(Buffer.from('internal')), '127.0.0.2');
      for (const target of [
        `http://127.0.0.2:${inner.port}/`,
        `http://[::ffff:127.0.0.2]:${inner.port}/`,
        'http://10.0.0.1/',
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const outer = await startRemote((_req, res) => {
          res.writeHead(302, { location: target }).end();
        });
        const url = encodeURIComponent(outer.url('/file'));
        const proxy = await api(admin.t, auth()).get(`/api/url/proxy?url=${url}`);
        expect(proxy.statusCode, target).toBe(400);
        expect(proxy.json(), target).toMatchObject({
          error: 'VALIDATION_FAILED',
          details: [{ field: 'url', rule: 'private_address' }],
        });
        const imported = await api(admin.t, auth()).post('/api/url/import', {
          url: outer.url('/file'),
        });
        expect(imported.statusCode, target).toBe(400);
        expect(outer.requests).toHaveLength(2);
      }
      expect(inner.connections).toBe(0);
      expect(await admin.t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
    });
  });

  describe('without the test seam (the production guard)', () => {
    const admin = useAdminApp(kind);
    const auth = () => bearer(admin.token);

    it('refuses loopback, mapped-IPv6, metadata and private URLs before any connection', async () => {
      const remote = await startRemote(serve(Buffer.from('local secret')));
      for (const url of [
        `http://127.0.0.1:${remote.port}/`,
        `http://localhost:${remote.port}/`,
        `http://[::ffff:127.0.0.1]:${remote.port}/`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
      ]) {
        const proxy = await api(admin.t, auth()).get(
          `/api/url/proxy?url=${encodeURIComponent(url)}`,
        );
        expect(proxy.statusCode, url).toBe(400);
        expect(proxy.json(), url).toMatchObject({
          error: 'VALIDATION_FAILED',
          details: [{ field: 'url', rule: 'private_address' }],
        });
        for (const route of ['/api/url/info', '/api/url/import']) {
          const res = await api(admin.t, auth()).post(route, { url });
          expect(res.statusCode, `${route} ${url}`).toBe(400);
          expect(res.json<{ details: { rule: string }[] }>().details[0]?.rule).toBe(
            'private_address',
          );
        }
      }
      expect(remote.connections).toBe(0);
      expect(remote.requests).toHaveLength(0);
      expect(await admin.t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
    });

    it('refuses URLs that are not http(s)', async () => {
      for (const url of ['file:///etc/passwd', 'gopher://files.test/', 'not a url']) {
        const res = await api(admin.t, auth()).post('/api/url/info', { url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ details: [{ field: 'url' }] });
      }
    });
  });

  describe('progress reads of a server-side import', () => {
    const admin = useAdminApp(kind, { fetcher: LOOPBACK_FETCHER });
    const auth = () => bearer(admin.token);

    it("keeps a guest's import progress to the guest holding its upload secret", async () => {
      const { t } = admin;
      const allow = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings',
        headers: auth(),
        payload: { allow_guest_uploads: true },
      });
      expect(allow.statusCode, allow.body).toBe(200);
      const never = gate();
      const remote = await startRemote(
        serve(randomBytes(2 * MiB), {}, { hold: never.promise, sendFirst: 64 * 1024 }),
      );
      const start = await api(t, {}).post('/api/url/import', {
        url: remote.url('/guest.bin'),
      });
      expect(start.statusCode, start.body).toBe(202);
      const { task_id, file_id, upload_secret } = start.json<{ data: UrlImportStarted }>().data;
      const guestA = { [UPLOAD_SECRET_HEADER]: upload_secret };
      await until(t, guestA, task_id, (p) => p.loaded > 0);

      // Guest B learnt the task id: without the secret, or with a guess, it reads nothing.
      const guessed = { [UPLOAD_SECRET_HEADER]: randomBytes(32).toString('base64url') };
      for (const guestB of [{}, guessed]) {
        const res = await api(t, guestB).get(`/api/url/import/${task_id}`);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'UPLOAD_SECRET_INVALID',
          details: [{ field: UPLOAD_SECRET_HEADER }],
        });
        expect(res.body).not.toContain('loaded');
      }
      // A signed-in identity is not the guest owner at all.
      expect((await api(t, auth()).get(`/api/url/import/${task_id}`)).statusCode).toBe(404);

      const cancel = await api(t, guestA).post('/api/url/cancel', { file_id });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await progressOf(t, guestA, task_id)).toMatchObject({ state: 'cancelled' });
      // Ended, it stays readable for its owner only.
      expect((await api(t, {}).get(`/api/url/import/${task_id}`)).statusCode).toBe(403);
      await vi.waitFor(() => expect(remote.open.size).toBe(0), UNTIL_DONE);
    });

    it('refuses a wrong upload secret from a signed-in creator reading its progress', async () => {
      const { t } = admin;
      const never = gate();
      const remote = await startRemote(
        serve(randomBytes(MiB), {}, { hold: never.promise, sendFirst: 1024 }),
      );
      const start = await api(t, auth()).post('/api/url/import', {
        url: remote.url('/own.bin'),
      });
      expect(start.statusCode, start.body).toBe(202);
      const { task_id, file_id, upload_secret } = start.json<{ data: UrlImportStarted }>().data;
      const read = (headers: Record<string, string>) =>
        api(t, { ...auth(), ...headers }).get(`/api/url/import/${task_id}`);
      expect((await read({})).statusCode).toBe(200);
      expect((await read({ [UPLOAD_SECRET_HEADER]: upload_secret })).statusCode).toBe(200);
      expect((await read({ [UPLOAD_SECRET_HEADER]: 'not-the-secret' })).statusCode).toBe(403);
      expect((await api(t, auth()).post('/api/url/cancel', { file_id })).statusCode).toBe(200);
    });
  });

  describe.each(STORAGE_KINDS)('into %s storage', (storageKind) => {
    const admin = useAdminApp(kind, { fetcher: LOOPBACK_FETCHER });
    const auth = () => bearer(admin.token);

    it('imports ≥ 6 MB on the server with progress, byte for byte', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const data = randomBytes(6 * MiB + 12_345);
      const release = gate();
      const remote = await startRemote(
        serve(data, { 'content-type': 'video/mp4' }, { hold: release.promise, sendFirst: MiB }),
      );
      const start = await api(t, auth()).post('/api/url/import', {
        url: remote.url('/media/clip.mp4'),
        s3_config_id: configId,
        slug: 'imported',
        remark: 'from the web',
        path: 'imports',
      });
      expect(start.statusCode, start.body).toBe(202);
      const { task_id, file_id } = start.json<{ data: UrlImportStarted }>().data;

      const midway = await until(t, auth(), task_id, (p) => p.loaded > 0);
      expect(midway).toMatchObject({ state: 'running', total: data.length });
      expect(midway.loaded).toBeLessThan(data.length);
      expect((await download(t, 'imported')).statusCode).toBe(404);

      release.open();
      const done = await until(t, auth(), task_id, (p) => p.state !== 'running');
      expect(done).toMatchObject({ state: 'completed', loaded: data.length, total: data.length });
      expect(done.file).toMatchObject({
        id: file_id,
        slug: 'imported',
        filename: 'clip.mp4',
        size: data.length,
        mimetype: 'video/mp4',
        remark: 'from the web',
        s3_config_id: configId,
      });
      expect(done.file?.storage_path.startsWith('imports/')).toBe(true);
      const got = await download(t, 'imported');
      expect(got.statusCode).toBe(200);
      expect(sha256(got.rawPayload)).toBe(sha256(data));
    });

    it('cancels a running import: nothing is left, the remote connection is dropped', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const never = gate();
      const remote = await startRemote(
        serve(randomBytes(4 * MiB), {}, { hold: never.promise, sendFirst: 256 * 1024 }),
      );
      const start = await api(t, auth()).post('/api/url/import', {
        url: remote.url('/slow.bin'),
        s3_config_id: configId,
      });
      expect(start.statusCode, start.body).toBe(202);
      const { task_id, file_id } = start.json<{ data: UrlImportStarted }>().data;
      await until(t, auth(), task_id, (p) => p.loaded > 0);

      // Another identity sees neither the task nor the upload.
      const key = await givenApiKey(t, admin.token, { file: true });
      expect((await api(t, apiKey(key.key)).get(`/api/url/import/${task_id}`)).statusCode).toBe(
        404,
      );
      const foreign = await api(t, apiKey(key.key)).post('/api/url/cancel', { file_id });
      expect(foreign.statusCode).toBe(404);

      const cancel = await api(t, auth()).post('/api/url/cancel', { file_id });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json()).toMatchObject({ data: { cancelled: true } });
      expect(await progressOf(t, auth(), task_id)).toMatchObject({ state: 'cancelled' });
      await nothingStored(t, configId, 'slow.bin');
      await vi.waitFor(() => expect(remote.open.size).toBe(0), UNTIL_DONE);
    });

    it('fails an import over max_upload_size with PAYLOAD_TOO_LARGE and leaves nothing', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      await setMaxUploadMb(t, admin.token, 1);
      // Chunked: the size shows only as the bytes flow.
      const streamed = await startRemote(
        serve(randomBytes(MiB + 64 * 1024), {}, { chunked: true }),
      );
      const start = await api(t, auth()).post('/api/url/import', {
        url: streamed.url('/big.bin'),
        s3_config_id: configId,
        slug: 'too-big',
      });
      expect(start.statusCode, start.body).toBe(202);
      const { task_id } = start.json<{ data: UrlImportStarted }>().data;
      const failed = await until(t, auth(), task_id, (p) => p.state !== 'running');
      expect(failed).toMatchObject({
        state: 'failed',
        total: null,
        error: { code: 'PAYLOAD_TOO_LARGE' },
      });
      await nothingStored(t, configId, 'big.bin');

      // A declared Content-Length over the limit is refused at once.
      const declared = await startRemote(serve(randomBytes(MiB + 1)));
      const refused = await api(t, auth()).post('/api/url/import', {
        url: declared.url('/declared.bin'),
        s3_config_id: configId,
        slug: 'too-big',
      });
      expect(refused.statusCode).toBe(413);
      await nothingStored(t, configId, 'declared.bin');
    });

    it('runs at most 4 imports at once (429 with Retry-After)', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const never = gate();
      const remote = await startRemote(
        serve(randomBytes(MiB), {}, { hold: never.promise, sendFirst: 1024 }),
      );
      const started: UrlImportStarted[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await api(t, auth()).post('/api/url/import', {
          url: remote.url(`/f${i}.bin`),
          s3_config_id: configId,
        });
        expect(res.statusCode, res.body).toBe(202);
        started.push(res.json<{ data: UrlImportStarted }>().data);
      }
      const fifth = await api(t, auth()).post('/api/url/import', {
        url: remote.url('/f4.bin'),
        s3_config_id: configId,
      });
      expect(fifth.statusCode).toBe(429);
      expect(fifth.headers['retry-after']).toBe('30');
      expect(remote.requests).toHaveLength(4);
      for (const task of started) {
        const res = await api(t, auth()).post('/api/url/cancel', { file_id: task.file_id });
        expect(res.statusCode).toBe(200);
      }
      const again = await api(t, auth()).post('/api/url/import', {
        url: remote.url('/f5.bin'),
        s3_config_id: configId,
      });
      expect(again.statusCode).toBe(202);
    });

    it('url/presign → PUT → url/commit works like s3/*, with SPEC metadata', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const data = randomBytes(70_000);
      const presign = await api(t, auth()).post('/api/url/presign', {
        url: `http://${HOST}/photos/photo.png`,
        s3_config_id: configId,
        metadata: { filename: 'photo.png', contentType: 'image/png', size: data.length },
        slug: 'relayed',
        remark: 'via the browser',
        path: 'relay',
      });
      expect(presign.statusCode, presign.body).toBe(200);
      const signed = presign.json<{ data: PresignResponse }>().data;
      expect(signed).toMatchObject({ slug: 'relayed', contentType: 'image/png' });
      const put = await sendSigned(t, signed.upload_url, {
        method: 'PUT',
        headers: signed.upload_headers,
        body: data,
      });
      expect(put.status).toBe(200);
      const commit = await api(t, auth()).post('/api/url/commit', {
        file_id: signed.file_id,
        size: String(data.length),
      });
      expect(commit.statusCode, commit.body).toBe(200);
      expect(commit.json<{ data: FileDetail }>().data).toMatchObject({
        slug: 'relayed',
        size: data.length,
        remark: 'via the browser',
        mimetype: 'image/png',
      });
      expect(sha256((await download(t, 'relayed')).rawPayload)).toBe(sha256(data));
    });

    it('url/multipart init (total_size) → parts → complete; abort and cancel discard', async () => {
      const { t } = admin;
      const configId = await givenStorage(t, admin.token, storageKind);
      const partSize = 5 * MiB;
      const data = randomBytes(6 * MiB + 99);
      const init = await api(t, auth()).post('/api/url/multipart/init', {
        url: `http://${HOST}/big/archive.zip`,
        s3_config_id: configId,
        filename: 'archive.zip',
        slug: 'relayed-parts',
        part_size: partSize,
        total_size: data.length,
        part_count: 2,
      });
      expect(init.statusCode, init.body).toBe(200);
      const session = init.json<{ data: MultipartInitResponse }>().data;
      expect(session.part_count).toBe(2);
      const parts = [];
      for (const target of session.presigned_urls) {
        const n = target.partNumber;
        const res = await sendSigned(t, target.url, {
          method: 'PUT',
          headers: session.upload_headers,
          body: data.subarray((n - 1) * partSize, n * partSize),
        });
        expect(res.status).toBe(200);
        parts.push({ partNumber: n, etag: res.etag ?? '' });
      }
      const complete = await api(t, auth()).post('/api/url/multipart/complete', {
        file_id: session.file_id,
        upload_id: session.upload_id,
        parts,
      });
      expect(complete.statusCode, complete.body).toBe(200);
      expect(complete.json<{ data: FileDetail }>().data).toMatchObject({
        slug: 'relayed-parts',
        size: data.length,
      });
      expect(sha256((await download(t, 'relayed-parts')).rawPayload)).toBe(sha256(data));
      // A finished upload cannot be cancelled away.
      const late = await api(t, auth()).post('/api/url/cancel', { file_id: session.file_id });
      expect(late.statusCode).toBe(409);

      const other = await api(t, auth()).post('/api/url/multipart/init', {
        url: `http://${HOST}/other.bin`,
        s3_config_id: configId,
        filename: 'other.bin',
        total_size: 11 * MiB,
      });
      const aborted = other.json<{ data: MultipartInitResponse }>().data;
      const abort = await api(t, auth()).post('/api/url/multipart/abort', {
        file_id: aborted.file_id,
        upload_id: aborted.upload_id,
      });
      expect(abort.statusCode, abort.body).toBe(200);

      const pending = await api(t, auth()).post('/api/url/presign', {
        url: `http://${HOST}/never.bin`,
        s3_config_id: configId,
        filename: 'never.bin',
        size: 10,
      });
      const never = pending.json<{ data: PresignResponse }>().data;
      const cancel = await api(t, auth()).post('/api/url/cancel', { file_id: never.file_id });
      expect(cancel.json()).toMatchObject({ data: { cancelled: true } });
      const rows = await t.database.db.selectFrom('files').select('slug').execute();
      expect(rows.map((r) => r.slug)).toEqual(['relayed-parts']);
    });
  });
});
