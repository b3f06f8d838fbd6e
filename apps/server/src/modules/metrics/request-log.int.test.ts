import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boot, type Running } from '../../boot.js';
import { formBody } from '../../../test/files.js';
import { TEST_ADMIN } from '../../../test/identity.js';

const METRICS_TOKEN = 'scrape-token-for-log-tests-42';

interface LogLine {
  msg?: string;
  reqId?: string;
  route?: string;
  identity?: string;
  res?: { statusCode?: number };
}

/**
 * The real server as main.ts starts it, over real sockets, with its log lines captured: the
 * request-completed line names the route pattern and who asked, never the credential.
 */
describe('route and identity on the request log', () => {
  let dir: string;
  let running: Running | undefined;
  let lines: string[];
  let origin: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pp-metrics-log-'));
    lines = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    running = await boot(
      {
        DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        METRICS_TOKEN,
      },
      { webDistDir: path.join(dir, 'no-web-build'), logDestination: destination },
    );
    const address = running.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  /** The request-completed line of the answer with this request id. */
  function completedLine(res: Response): LogLine {
    const id = res.headers.get('x-request-id');
    const parsed = lines.flatMap((l) => l.trim().split('\n')).map((l) => JSON.parse(l) as LogLine);
    const line = parsed.find((l) => l.reqId === id && l.msg === 'request completed');
    if (!line) throw new Error(`no request-completed line for ${id}`);
    return line;
  }

  async function login(): Promise<string> {
    const res = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  }

  it('names the route pattern and the identity kind, never the URL label or the credential', async () => {
    const token = await login();
    const keyRes = await fetch(`${origin}/api/admin/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'log test',
        expires_at: null,
        text_permission: true,
        file_permission: false,
        mount_permission: false,
        basic_path: '/',
      }),
    });
    const key = ((await keyRes.json()) as { data: { key: string } }).data.key;
    const secret = randomBytes(8).toString('hex');

    const guest = await fetch(`${origin}/api/paste/${secret}`);
    expect(guest.status).toBe(404);
    const asAdmin = await fetch(`${origin}/api/admin/api-keys`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asAdmin.status).toBe(200);
    const asKey = await fetch(`${origin}/api/user/pastes`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(asKey.status).toBe(200);
    const unmatched = await fetch(`${origin}/${secret}`);
    expect(unmatched.status).toBe(404);
    const scrape = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    const refused = await fetch(`${origin}/metrics`, {
      headers: { authorization: `ApiKey ${key}` },
    });
    expect(refused.status).toBe(403);
    await running?.close(); // flushes the last lines
    running = undefined;

    expect(completedLine(guest)).toMatchObject({ route: '/api/paste/:slug', identity: 'guest' });
    expect(completedLine(asAdmin)).toMatchObject({
      route: '/api/admin/api-keys',
      identity: 'admin',
    });
    expect(completedLine(asKey)).toMatchObject({ route: '/api/user/pastes', identity: 'api_key' });
    expect(completedLine(unmatched)).toMatchObject({ route: 'unmatched', identity: 'guest' });
    expect(completedLine(scrape)).toMatchObject({
      route: '/metrics',
      identity: 'metrics_token',
      res: { statusCode: 200 },
    });
    // Refused unread: no actor behind the key.
    expect(completedLine(refused)).toMatchObject({ route: '/metrics', identity: 'guest' });
    const log = lines.join('');
    for (const credential of [token, key, METRICS_TOKEN]) expect(log).not.toContain(credential);
  });

  it('counts the bytes of a real upload and download exactly', async () => {
    const token = await login();
    const scrape = async () => {
      const res = await fetch(`${origin}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const text = await res.text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      return {
        up: value('pasteport_upload_bytes_total'),
        down: value('pasteport_download_bytes_total'),
      };
    };
    const before = await scrape();
    const data = randomBytes(300_000);
    const form = formBody([
      { name: 'slug', value: 'socket-file' },
      { name: 'file', filename: 's.bin', type: 'application/octet-stream', data },
    ]);
    const upload = await fetch(`${origin}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      body: form.payload,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const download = await fetch(`${origin}/api/file-download/socket-file`);
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    const after = await scrape();
    expect(after.up - before.up).toBe(form.payload.length);
    expect(after.down - before.down).toBe(data.length);
  });
});
