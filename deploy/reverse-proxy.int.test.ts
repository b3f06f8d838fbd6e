// The shipped reverse proxy configs (deploy/nginx.conf, deploy/Caddyfile) in front of a real
// Pasteport process with TRUST_PROXY=1: real nginx and real Caddy on loopback ports, the configs
// changed only where they name the listen and upstream addresses.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureDebianTool, toolLog } from '../apps/server/test/dav-clients.js';
import { freePort } from '../apps/server/test/free-port.js';
import { UNTIL_DONE } from '../apps/server/test/hang-guard.js';
import {
  call,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/test/server-processes.js';

const DEPLOY = path.dirname(fileURLToPath(import.meta.url));
const ADMIN = { username: 'admin', password: 'correct-horse-battery' };
const BASIC = {
  authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`,
};
const MiB = 1024 * 1024;
/** Bigger than nginx's default client_max_body_size (1 MiB) and its buffers, many times over. */
const BIG = 8 * MiB;
/** A loopback address of its own for the client, so the server can tell it from the proxy's. */
const CLIENT_ADDRESS = '127.0.0.2';
/** What a client writes into X-Forwarded-For to pass for someone else (TEST-NET-3). */
const SPOOFED = '203.0.113.66';
const LOCK_BODY =
  '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// Found, or installed as root, as the WebDAV client tests find litmus and rclone; null → skip.
const NGINX = await ensureDebianTool('/usr/sbin/nginx', 'nginx-light');
const CADDY = await ensureDebianTool('/usr/bin/caddy', 'caddy');

/** A proxy started for this file: its base URL and how to stop it. */
interface RunningProxy {
  base: string;
  output(): string;
  stop(): Promise<void>;
}

/** Replaces exactly one occurrence: a template that no longer matches the shipped file fails. */
function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const pattern =
    typeof from === 'string'
      ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')
      : new RegExp(from.source, `${from.flags.replace('g', '')}g`);
  const matches = text.match(pattern)?.length ?? 0;
  if (matches !== 1) throw new Error(`expected one ${String(from)} in the shipped config`);
  return text.replace(from, to);
}

function spawnTool(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}

/** Stops a child this file started (by its own handle) and waits until it is gone. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

/** nginx with deploy/nginx.conf as its only server, in a main config of its own in `dir`. */
async function startNginx(
  binary: string,
  upstreamPort: number,
  dir: string,
): Promise<RunningProxy> {
  const port = await freePort();
  let site = await readFile(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  site = replaceOnce(site, 'server 127.0.0.1:8787;', `server 127.0.0.1:${upstreamPort};`);
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${port};`);
  await writeFile(path.join(dir, 'pasteport.conf'), site);
  // Temp paths in `dir`, which nginx's workers (nobody when started as root) must reach.
  await chmod(dir, 0o755);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  include ${dir}/pasteport.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const tool = spawnTool(binary, args, process.env);
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => tool.output(),
    stop: () => stopChild(tool.child, tool.exited),
  };
}

/** Caddy with deploy/Caddyfile, its addresses given through the variables the file reads. */
async function startCaddy(
  binary: string,
  upstreamPort: number,
  dir: string,
): Promise<RunningProxy> {
  const port = await freePort();
  let config = await readFile(path.join(DEPLOY, 'Caddyfile'), 'utf8');
  // The test's one addition: listen on loopback only (Caddy binds every interface otherwise).
  config = replaceOnce(config, /^\tadmin .*$/m, '$&\n\tdefault_bind 127.0.0.1');
  const file = path.join(dir, 'Caddyfile');
  await writeFile(file, config);
  const tool = spawnTool(binary, ['run', '--config', file, '--adapter', 'caddyfile'], {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    XDG_DATA_HOME: dir,
    XDG_CONFIG_HOME: dir,
    CADDY_ADMIN: 'off',
    PASTEPORT_LISTEN: `http://127.0.0.1:${port}`,
    PASTEPORT_UPSTREAMS: `127.0.0.1:${upstreamPort}`,
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => tool.output(),
    stop: () => stopChild(tool.child, tool.exited),
  };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request from CLIENT_ADDRESS on a connection of its own. A Readable body goes out chunked
 * (no Content-Length), as a streaming client sends it.
 */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | Readable } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: init.method ?? 'GET',
      agent: false,
      localAddress: CLIENT_ADDRESS,
      headers: {
        ...(Buffer.isBuffer(init.body) && { 'content-length': String(init.body.length) }),
        ...init.headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    if (init.body instanceof Readable) init.body.pipe(req);
    else req.end(init.body);
  });
}

/** The request log line of one request, found by the id the server answered with. */
function requestLine(server: ServerProcess, requestId: string) {
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as {
      reqId?: string;
      msg?: string;
      req?: { remoteAddress?: string; host?: string };
    };
    if (entry.reqId === requestId && entry.msg === 'incoming request' && entry.req)
      return entry.req;
  }
  return undefined;
}

const PROXIES = [
  { name: 'nginx', binary: NGINX, start: startNginx, pkg: 'nginx-light' },
  { name: 'Caddy', binary: CADDY, start: startCaddy, pkg: 'caddy' },
];

for (const proxy of PROXIES) {
  if (proxy.binary === null) {
    toolLog.warn(
      `deploy: ${proxy.name} is not installed and cannot be installed here; its reverse proxy ` +
        `tests are skipped (apt-get install -y ${proxy.pkg})`,
    );
  }
}

describe('the shipped reverse proxy configs in front of Pasteport (TRUST_PROXY=1)', () => {
  let server: ServerProcess;
  let work = '';

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pp-proxy-'));
    server = await startServerProcess('behind-proxy', {
      APP_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '1',
    });
    // The default local storage, mounted at /m for WebDAV.
    const login = await call(`${server.base}/api/admin/login`, { method: 'POST', body: ADMIN });
    expect(login.status, login.text()).toBe(200);
    const bearer = {
      authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}`,
    };
    const configs = await call(`${server.base}/api/s3-configs`, { headers: bearer });
    expect(configs.status, configs.text()).toBe(200);
    const storage = configs
      .json<{ data: { id: string; is_default: boolean }[] }>()
      .data.find((config) => config.is_default);
    expect(storage, configs.text()).toBeDefined();
    const mount = await call(`${server.base}/api/admin/mounts`, {
      method: 'POST',
      headers: bearer,
      body: { name: 'm', mount_path: '/m', storage_config_id: storage!.id },
    });
    expect(mount.status, mount.text()).toBe(201);
  });

  afterAll(async () => {
    await server?.kill();
    if (work) await rm(work, { recursive: true, force: true });
  });

  describe.each(PROXIES)('$name', ({ name, binary, start }) => {
    let running: RunningProxy | undefined;
    /** This proxy's own folder on the mount. */
    const folder = `/dav/m/${name}-${randomUUID()}`;

    beforeAll(async () => {
      if (binary === null) return;
      const dir = await mkdtemp(path.join(work, `${name}-`));
      running = await start(binary, Number(new URL(server.base).port), dir);
      const proxy = running;
      // Ready once the proxy answers the health of the server behind it.
      await vi.waitFor(async () => {
        const health = await send(`${proxy.base}/api/health`).catch(() => undefined);
        expect(health?.status, proxy.output()).toBe(200);
      }, UNTIL_DONE);
      const made = await send(`${proxy.base}${folder}`, { method: 'MKCOL', headers: BASIC });
      expect(made.status, made.body.toString()).toBe(201);
    });

    afterAll(async () => {
      await running?.stop();
    });

    it.runIf(binary !== null)(
      'streams an 8 MiB upload through, downloads it byte-identical and serves ranges',
      async () => {
        const proxy = running!;
        const data = randomBytes(BIG);
        // Sent chunked in 64 KiB pieces, without a Content-Length, as a streaming client does.
        const pieces = Array.from({ length: BIG / (64 * 1024) }, (_, i) =>
          data.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
        );
        const put = await send(`${proxy.base}${folder}/big.bin`, {
          method: 'PUT',
          headers: { ...BASIC, 'content-type': 'application/octet-stream' },
          body: Readable.from(pieces),
        });
        expect(put.status, put.body.toString()).toBe(201);

        const whole = await send(`${proxy.base}${folder}/big.bin`, { headers: BASIC });
        expect(whole.status).toBe(200);
        expect(whole.body.length).toBe(BIG);
        expect(sha256(whole.body)).toBe(sha256(data));

        const middle = await send(`${proxy.base}${folder}/big.bin`, {
          headers: { ...BASIC, range: `bytes=${3 * MiB}-${4 * MiB - 1}` },
        });
        expect(middle.status).toBe(206);
        expect(middle.headers['content-range']).toBe(`bytes ${3 * MiB}-${4 * MiB - 1}/${BIG}`);
        expect(middle.body.equals(data.subarray(3 * MiB, 4 * MiB))).toBe(true);

        const tail = await send(`${proxy.base}${folder}/big.bin`, {
          headers: { ...BASIC, range: 'bytes=-1000' },
        });
        expect(tail.status).toBe(206);
        expect(tail.body.equals(data.subarray(BIG - 1000))).toBe(true);
      },
    );

    it.runIf(binary !== null)(
      'passes the WebDAV methods and their headers: PROPFIND, MKCOL, MOVE, LOCK, UNLOCK',
      async () => {
        const proxy = running!;
        const dir = `${folder}/dav`;
        expect(
          (await send(`${proxy.base}${dir}`, { method: 'MKCOL', headers: BASIC })).status,
        ).toBe(201);
        const put = await send(`${proxy.base}${dir}/a.txt`, {
          method: 'PUT',
          headers: BASIC,
          body: Buffer.from('through the proxy'),
        });
        expect(put.status).toBe(201);
        await send(`${proxy.base}${dir}/taken.txt`, {
          method: 'PUT',
          headers: BASIC,
          body: Buffer.from('already here'),
        });

        // Depth: 1 lists the children, Depth: 0 the folder alone.
        const children = await send(`${proxy.base}${dir}/`, {
          method: 'PROPFIND',
          headers: { ...BASIC, depth: '1' },
        });
        expect(children.status).toBe(207);
        expect(children.body.toString()).toContain('a.txt');
        const itself = await send(`${proxy.base}${dir}/`, {
          method: 'PROPFIND',
          headers: { ...BASIC, depth: '0' },
        });
        expect(itself.status).toBe(207);
        expect(itself.body.toString()).not.toContain('a.txt');

        // Overwrite: F onto an existing name is refused; to a new name the move happens.
        const refused = await send(`${proxy.base}${dir}/a.txt`, {
          method: 'MOVE',
          headers: { ...BASIC, destination: `${proxy.base}${dir}/taken.txt`, overwrite: 'F' },
        });
        expect(refused.status).toBe(412);
        const moved = await send(`${proxy.base}${dir}/a.txt`, {
          method: 'MOVE',
          headers: { ...BASIC, destination: `${proxy.base}${dir}/b.txt`, overwrite: 'F' },
        });
        expect(moved.status, moved.body.toString()).toBe(201);
        expect((await send(`${proxy.base}${dir}/a.txt`, { headers: BASIC })).status).toBe(404);
        const read = await send(`${proxy.base}${dir}/b.txt`, { headers: BASIC });
        expect(read.body.toString()).toBe('through the proxy');

        // A lock: writes need its token in If; Lock-Token on UNLOCK releases it.
        const lock = await send(`${proxy.base}${dir}/b.txt`, {
          method: 'LOCK',
          headers: { ...BASIC, 'content-type': 'application/xml', timeout: 'Second-600' },
          body: Buffer.from(LOCK_BODY),
        });
        expect(lock.status, lock.body.toString()).toBe(200);
        const token = String(lock.headers['lock-token']);
        expect(token).toMatch(/^<.+>$/);
        const blocked = await send(`${proxy.base}${dir}/b.txt`, {
          method: 'PUT',
          headers: BASIC,
          body: Buffer.from('no token'),
        });
        expect(blocked.status).toBe(423);
        const allowed = await send(`${proxy.base}${dir}/b.txt`, {
          method: 'PUT',
          headers: { ...BASIC, if: `(${token})` },
          body: Buffer.from('with the token'),
        });
        expect(allowed.status).toBe(204);
        const unlock = await send(`${proxy.base}${dir}/b.txt`, {
          method: 'UNLOCK',
          headers: { ...BASIC, 'lock-token': token },
        });
        expect(unlock.status).toBe(204);
        const free = await send(`${proxy.base}${dir}/b.txt`, {
          method: 'PUT',
          headers: BASIC,
          body: Buffer.from('unlocked'),
        });
        expect(free.status).toBe(204);
      },
    );

    it.runIf(binary !== null)(
      "shows the server the client's own address and host, never an X-Forwarded-For it wrote",
      async () => {
        const proxy = running!;
        const honest = await send(`${proxy.base}/api/health`);
        const spoofing = await send(`${proxy.base}/api/health`, {
          headers: { 'x-forwarded-for': SPOOFED, 'x-real-ip': SPOOFED },
        });
        for (const reply of [honest, spoofing]) {
          expect(reply.status).toBe(200);
          const requestId = String(reply.headers['x-request-id']);
          let seen: ReturnType<typeof requestLine>;
          // The log line is written as the request arrives; read it once it is in the output.
          await vi.waitFor(() => {
            seen = requestLine(server, requestId);
            expect(seen, `no request line for ${requestId}`).toBeDefined();
          }, UNTIL_DONE);
          // The proxy itself connects from 127.0.0.1: 127.0.0.2 can only come from the header
          // the proxy wrote, and SPOOFED only from the client.
          expect(seen!.remoteAddress).toBe(CLIENT_ADDRESS);
          expect(seen!.host).toBe(new URL(proxy.base).host);
        }
      },
    );
  });
});
