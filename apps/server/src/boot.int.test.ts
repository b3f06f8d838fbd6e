import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { HANG_MS } from '../test/hang-guard.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs main.ts (through tsx, contract from source) as `npm run serve` would run the build. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // 'close', not 'exit': the last lines may still be in the pipes when the process has exited.
  const exited = new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited, output: () => stdout };
}

async function waitFor(check: () => Promise<boolean>, ms = HANG_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

describe('starting the server', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pp-boot-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('exits 1 naming every configuration problem', async () => {
    const run = await startMain({
      PORT: 'http',
      DATABASE_URL: 'mysql://db',
      LOG_LEVEL: 'chatty',
      DATA_DIR: dir,
    }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Pasteport cannot start:');
    expect(run.stderr).toMatch(/- PORT: must be a whole number/);
    expect(run.stderr).toMatch(/- DATABASE_URL: must be a postgres:\/\//);
    expect(run.stderr).toMatch(/- LOG_LEVEL: must be one of/);
  });

  it('exits 1 when the data dir cannot be written', async () => {
    await writeFile(path.join(dir, 'file'), 'x');
    const run = await startMain({ DATA_DIR: path.join(dir, 'file', 'data'), PORT: '0' }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/- DATA_DIR: .* cannot be created or written/);
  });

  it('exits 1 when the port is taken', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      const run = await startMain({ DATA_DIR: dir, PORT: String(port) }).exited;
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`- PORT: 127.0.0.1:${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('starts on embedded defaults, creates its secret and storage, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = startMain({ DATA_DIR: dir, PORT: String(port) });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    expect((await stat(path.join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'pasteport.db'))).isFile()).toBe(true);
    expect((await stat(path.join(dir, 'storage'))).isDirectory()).toBe(true);
    expect(server.output()).toContain('Pasteport is ready at http://127.0.0.1:');

    server.child.kill('SIGTERM');
    const run = await server.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('stopped');
  });

  it('creates the administrator on first start, printing a generated password once only', async () => {
    const port = await freePort();
    const first = startMain({ DATA_DIR: dir, PORT: String(port) });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    const line = first
      .output()
      .split('\n')
      .find((l) => l.includes('generated password'));
    const password = (JSON.parse(line ?? '{}') as { password?: string }).password ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = startMain({
      DATA_DIR: dir,
      PORT: String(port),
      ADMIN_PASSWORD: 'ignored-after-first-start',
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    expect(second.output()).not.toContain('generated password');
    expect(second.output()).not.toContain(password);
    second.child.kill('SIGTERM');
    const run = await second.exited;
    expect(run.stdout).not.toContain('created the administrator');
  });
});
