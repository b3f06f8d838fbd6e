import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { APP_VERSION } from '@pasteport/contract/plain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './index.js';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-main-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Runs main in-process on captured streams, with an empty config folder. */
async function run(argv: string[], env: Record<string, string> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await main(argv, {
    env: { XDG_CONFIG_HOME: home, HOME: home, ...env },
    stdin: new PassThrough(),
    stdout,
    stderr,
    cwd: home,
  });
  return { code, out, err };
}

describe('main', () => {
  it('prints the usage on --help (exit 0) and without a command (exit 2, on stderr)', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: pasteport/);
    const bare = await run([]);
    expect(bare.code).toBe(2);
    expect(bare.out).toBe('');
    expect(bare.err).toMatch(/^Usage: pasteport/);
  });

  it('prints the version', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, out: `${APP_VERSION}\n` });
  });

  it('exits 2 on an unknown command or option, naming it', async () => {
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command "frobnicate"/);
    const option = await run(['ls', '--everything']);
    expect(option.code).toBe(2);
    expect(option.err).toMatch(/--everything/);
  });

  it('exits 2 when no server is configured, 3 when no key is', async () => {
    const noServer = await run(['ls']);
    expect(noServer.code).toBe(2);
    expect(noServer.err).toMatch(/pasteport login/);
    const noKey = await run(['ls'], { PASTEPORT_URL: 'http://127.0.0.1:9' });
    expect(noKey.code).toBe(3);
  });

  it('exits 1 when the server cannot be reached, saying why', async () => {
    // Port 9 (discard) on loopback: nothing listens there in a test environment.
    const down = await run(['ls'], { PASTEPORT_URL: 'http://127.0.0.1:9', PASTEPORT_API_KEY: 'k' });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/^pasteport: fetch failed: /);
  });
});
