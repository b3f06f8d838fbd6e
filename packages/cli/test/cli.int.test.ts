import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MultipartState } from '@pasteport/contract';
import { MULTIPART_PART_SIZE, ROUTES, UPLOAD_SECRET_HEADER } from '@pasteport/contract/plain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../apps/server/test/app-harness.js';
import { DATABASE_KINDS } from '../../../apps/server/test/databases.js';
import { adminToken, givenApiKey } from '../../../apps/server/test/identity.js';
import { givenMount } from '../../../apps/server/test/mounts.js';
import type { UploadResult } from '../src/commands/upload.js';
import type { SavedUpload } from '../src/upload-state.js';
import { startCountingProxy } from './counting-proxy.js';
import { runCli, startCli } from './run-cli.js';

interface Created {
  slug: string;
  url: string;
  raw_url: string;
  has_password: boolean;
}

describe.each(DATABASE_KINDS)('the pasteport CLI against a server on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let key: string;
  let scratch: string;
  /** The CLI's environment: its own HOME and config folder, logged in through env. */
  let env: Record<string, string>;
  const configHome = () => path.join(scratch, 'config');

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const token = await adminToken(t);
    key = (await givenApiKey(t, token, { text: true, file: true, mount: true, name: 'cli' })).key;
    await givenMount(t, '/local', (await t.storage.getDefault()).id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    scratch = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-'));
    env = { HOME: scratch, XDG_CONFIG_HOME: configHome() };
  });

  afterAll(async () => {
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  const withKey = () => ({ ...env, PASTEPORT_URL: base, PASTEPORT_API_KEY: key });

  it('logs in with a real key check and stores it 0600 in a 0700 folder', async () => {
    const refused = await runCli(['login', '--url', base, '--key', 'wrong-key'], env);
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/pasteport: .*\(HTTP 401\)/);
    await expect(stat(path.join(configHome(), 'pasteport', 'config.json'))).rejects.toThrow();

    // The key on stdin, as a prompt reads it when --key is left out.
    const login = await runCli(['login', '--url', `${base}/`, '--json'], env, {
      stdin: `${key}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
    const answer = login.json<{ url: string; key: string; config: string }>();
    expect(answer).toMatchObject({ url: base, key: 'cli' });
    const file = path.join(configHome(), 'pasteport', 'config.json');
    expect(answer.config).toBe(file);
    if (process.platform !== 'win32') {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    }
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url: base, apiKey: key });

    // The stored login is used; PASTEPORT_API_KEY overrides it.
    expect((await runCli(['ls', '--json'], env)).code).toBe(0);
    const overridden = await runCli(['ls'], { ...env, PASTEPORT_API_KEY: 'not-a-key' });
    expect(overridden.code).toBe(3);

    const logout = await runCli(['logout'], env);
    expect(logout.code).toBe(0);
    await expect(stat(file)).rejects.toThrow();
    const after = await runCli(['ls'], { ...env, PASTEPORT_URL: base });
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/no API key/);
  });

  it('pastes stdin with a password and gets it back', async () => {
    const content = `line one\nzweite Zeile ✓\n${'x'.repeat(1000)}\n`;
    const created = await runCli(
      [
        'paste',
        '--password',
        's3cret',
        '--max-views',
        '5',
        '--expires',
        '1d',
        '--remark',
        'r',
        '--json',
      ],
      withKey(),
      { stdin: content },
    );
    expect(created.code, created.stderr).toBe(0);
    const paste = created.json<Created>();
    expect(paste.has_password).toBe(true);
    expect(paste.url).toMatch(/\/paste\//);

    const back = await runCli(['get', paste.slug, '--password', 's3cret'], withKey());
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout.toString('utf8')).toBe(content);
    const byLink = await runCli(['get', paste.url, '--password', 's3cret', '--json'], withKey());
    expect(byLink.json<{ content: string; kind: string }>()).toMatchObject({
      content,
      kind: 'paste',
    });

    const noPassword = await runCli(['get', paste.slug], withKey());
    expect(noPassword.code).toBe(3);
    expect(noPassword.stderr).toMatch(/--password/);
    const wrong = await runCli(['get', paste.slug, '--password', 'nope'], withKey());
    expect(wrong.code).toBe(3);

    // --raw prints the raw link; a plain run prints the page link.
    const raw = await runCli(['paste', '--raw'], withKey(), { stdin: 'raw text' });
    expect(raw.stdout.toString().trim()).toMatch(/\/api\/raw\/[A-Za-z0-9_-]+$/);
  });

  it('refuses bad options before sending anything (exit 2)', async () => {
    for (const args of [
      ['paste', '--max-views', '-1'],
      ['paste', '--slug', 'has space'],
      ['paste', '--expires', 'tomorrow'],
      ['paste', '--bogus'],
      ['upload'],
      ['upload', path.join(scratch, 'missing-*.bin')],
      ['frobnicate'],
    ]) {
      const run = await runCli(args, withKey(), { stdin: 'text' });
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
    }
    const empty = await runCli(['paste'], withKey(), { stdin: '' });
    expect(empty.code).toBe(2);
  });

  it('says not found with exit 4 and the server message', async () => {
    const run = await runCli(['get', 'no-such-slug-anywhere'], withKey());
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/HTTP 404/);
    expect((await runCli(['rm', 'no-such-slug-anywhere'], withKey())).code).toBe(4);
  });

  it('uploads a small file and a multi-part file byte-identically (globs expanded in-process)', async () => {
    const dir = path.join(scratch, 'up');
    await mkdir(dir, { recursive: true });
    const small = randomBytes(70_000);
    // Three parts at the smallest part size storage takes (5 MiB; PASTEPORT_PART_SIZE sets it).
    const big = randomBytes(2 * MULTIPART_PART_SIZE + 12_345);
    await writeFile(path.join(dir, 'small.bin'), small);
    await writeFile(path.join(dir, 'big.bin'), big);
    const run = await runCli(
      ['upload', path.join(dir, '*.bin'), '--password', 'pw', '--expires', '2h', '--json'],
      { ...withKey(), PASTEPORT_PART_SIZE: String(MULTIPART_PART_SIZE) },
    );
    expect(run.code, run.stderr).toBe(0);
    const results = run.json<UploadResult[]>();
    expect(results.map((r) => path.basename(r.file))).toEqual(['big.bin', 'small.bin']);
    expect(results[0]).toMatchObject({
      multipart: true,
      parts_total: 3,
      parts_sent: 3,
      resumed: false,
    });
    expect(results[1]).toMatchObject({ multipart: false, size: small.length });
    // Nothing left to resume once done; progress bars stay off when stderr is no terminal.
    expect(await readdir(path.join(configHome(), 'pasteport', 'uploads'))).toEqual([]);
    expect(run.stderr).toBe('');

    for (const [result, bytes] of [
      [results[0]!, big],
      [results[1]!, small],
    ] as const) {
      const out = path.join(dir, `${result.slug}.out`);
      const got = await runCli(['get', result.url, '--password', 'pw', '-o', out], withKey());
      expect(got.code, got.stderr).toBe(0);
      expect((await readFile(out)).equals(bytes)).toBe(true);
    }
    const exists = await runCli(
      ['get', results[1]!.slug, '--password', 'pw', '-o', path.join(dir, 'small.bin')],
      withKey(),
    );
    expect(exists.code).toBe(2);
  });

  it('resumes an upload killed mid-way, sending only the missing parts', async () => {
    const file = path.join(scratch, 'resume.bin');
    const bytes = randomBytes(2 * MULTIPART_PART_SIZE + 777);
    await writeFile(file, bytes);
    const proxy = await startCountingProxy(base);
    try {
      const isPart = (method: string, p: string) =>
        (method === ROUTES.localPutPart.method && p === ROUTES.localPutPart.path) ||
        (method === ROUTES.uploadPart.method && p === ROUTES.uploadPart.path);
      let forwarded = 0;
      // First run: the first part goes through; once it is stored the CLI is killed, and any
      // other part request is held, so the server has exactly part 1.
      proxy.intercept = (method, p) => {
        if (!isPart(method, p)) return 'forward';
        forwarded += 1;
        return forwarded === 1 ? 'forward' : 'hold';
      };
      const first = startCli(['upload', file, '--json'], {
        ...env,
        PASTEPORT_URL: proxy.base,
        PASTEPORT_API_KEY: key,
      });
      proxy.onAnswered = (method, p) => {
        if (isPart(method, p)) first.child.kill('SIGKILL');
      };
      const killed = await first.done;
      expect(killed.signal).toBe('SIGKILL');

      // The saved state names the session; the server holds part 1 only.
      const stateDir = path.join(configHome(), 'pasteport', 'uploads');
      const [stateName] = await readdir(stateDir);
      const statePath = path.join(stateDir, stateName!);
      if (process.platform !== 'win32') expect((await stat(statePath)).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(await readFile(statePath, 'utf8')) as SavedUpload;
      const listed = await t.app.inject({
        method: 'GET',
        url: `${ROUTES.multipartParts.path}?file_id=${saved.fileId}&upload_id=${encodeURIComponent(saved.uploadId)}`,
        headers: { authorization: `ApiKey ${key}`, [UPLOAD_SECRET_HEADER]: saved.uploadSecret },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const state = listed.json<{ data: MultipartState }>().data;
      expect(state.parts.map((part) => part.partNumber)).toEqual([1]);

      // Second run: everything passes; only parts 2 and 3 are sent.
      proxy.intercept = () => 'forward';
      proxy.onAnswered = () => undefined;
      const before = proxy.seen.length;
      const second = await runCli(['upload', file, '--json'], {
        ...env,
        PASTEPORT_URL: proxy.base,
        PASTEPORT_API_KEY: key,
      });
      expect(second.code, second.stderr).toBe(0);
      const [result] = second.json<UploadResult[]>();
      expect(result).toMatchObject({ resumed: true, parts_sent: 2, parts_total: 3 });
      const rerunParts = proxy.seen.slice(before).filter((line) => {
        const [method, p] = line.split(' ');
        return isPart(method!, p!);
      });
      expect(rerunParts).toHaveLength(2);
      expect(await readdir(stateDir)).toEqual([]);

      const out = path.join(scratch, 'resume.out');
      const got = await runCli(['get', result!.slug, '-o', out], withKey());
      expect(got.code, got.stderr).toBe(0);
      expect((await readFile(out)).equals(bytes)).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('lists and removes its own pastes and files', async () => {
    const paste = (
      await runCli(['paste', '--json'], withKey(), { stdin: 'to remove' })
    ).json<Created>();
    const small = path.join(scratch, 'rm.txt');
    await writeFile(small, 'file to remove');
    const [file] = (await runCli(['upload', small, '--json'], withKey())).json<UploadResult[]>();
    const listed = await runCli(['ls', '--json'], withKey());
    expect(listed.code, listed.stderr).toBe(0);
    const own = listed.json<{ pastes: { slug: string }[]; files: { slug: string }[] }>();
    expect(own.pastes.map((p) => p.slug)).toContain(paste.slug);
    expect(own.files.map((f) => f.slug)).toContain(file!.slug);
    const human = await runCli(['ls'], withKey());
    expect(human.stdout.toString()).toContain(`paste  ${paste.slug}`);

    const removed = await runCli(['rm', paste.slug, file!.slug], withKey());
    expect(removed.code, removed.stderr).toBe(0);
    const again = (await runCli(['ls', '--json'], withKey())).json<typeof own>();
    expect(again.pastes.map((p) => p.slug)).not.toContain(paste.slug);
    expect(again.files.map((f) => f.slug)).not.toContain(file!.slug);
    expect((await runCli(['get', paste.slug], withKey())).code).toBe(4);
  });

  it('works a local-disk mount: mkdir, put, ls, get, mv, cp, search, rm', async () => {
    const local = path.join(scratch, 'fs-report.pdf');
    const bytes = randomBytes(50_000);
    await writeFile(local, bytes);
    const cli = (...args: string[]) => runCli(args, withKey());

    expect((await cli('fs', 'mkdir', '/local/docs')).code).toBe(0);
    // A file that stays, so the folder outlives the removals below (object storage has no
    // empty folders).
    await writeFile(path.join(scratch, 'keep.txt'), 'keep');
    expect(
      (await cli('fs', 'put', path.join(scratch, 'keep.txt'), '/local/docs/keep.txt')).code,
    ).toBe(0);
    const put = await cli('fs', 'put', local, '/local/docs/', '--json');
    expect(put.code, put.stderr).toBe(0);
    expect(put.json<{ path: string }[]>()[0]!.path).toBe('/local/docs/fs-report.pdf');

    const listed = await cli('fs', 'ls', '/local/docs', '--json');
    expect(
      listed
        .json<{ items: { name: string }[] }>()
        .items.map((i) => i.name)
        .sort(),
    ).toEqual(['fs-report.pdf', 'keep.txt']);
    const out = path.join(scratch, 'fs-back.pdf');
    const got = await cli('fs', 'get', '/local/docs/fs-report.pdf', '-o', out);
    expect(got.code, got.stderr).toBe(0);
    expect((await readFile(out)).equals(bytes)).toBe(true);

    const moved = await cli('fs', 'mv', '/local/docs/fs-report.pdf', '/local/docs/moved.pdf');
    expect(moved.code, moved.stderr).toBe(0);
    const copied = await cli('fs', 'cp', '/local/docs/moved.pdf', '/local/docs/copy.pdf', '--json');
    expect(copied.code, copied.stderr).toBe(0);
    const names = (await cli('fs', 'ls', '/local/docs', '--json'))
      .json<{ items: { name: string }[] }>()
      .items.map((i) => i.name)
      .sort();
    expect(names).toEqual(['copy.pdf', 'keep.txt', 'moved.pdf']);
    const search = await cli('fs', 'search', 'moved', '--json');
    expect(search.code, search.stderr).toBe(0);
    expect(search.json<{ results: unknown[] }>().results).toBeInstanceOf(Array);

    const removed = await cli('fs', 'rm', '/local/docs/moved.pdf', '/local/docs/copy.pdf');
    expect(removed.code, removed.stderr).toBe(0);
    const left = (await cli('fs', 'ls', '/local/docs', '--json')).json<{
      items: { name: string }[];
    }>();
    expect(left.items.map((i) => i.name)).toEqual(['keep.txt']);
    const gone = await cli('fs', 'get', '/local/docs/moved.pdf', '-o', path.join(scratch, 'x'));
    expect(gone.code).toBe(4);
    expect((await cli('fs', 'rm', '/local/docs/moved.pdf')).code).toBe(4);
  });

  it('exits 3 on a wrong key, with the server message', async () => {
    const run = await runCli(['fs', 'ls', '/'], {
      ...env,
      PASTEPORT_URL: base,
      PASTEPORT_API_KEY: 'bad',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^pasteport: .+\(HTTP 401\)/);
    expect(run.stdout.length).toBe(0);
  });
});
