import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  curlCommands,
  flameshotScript,
  shareXFileUploader,
  shareXTextUploader,
} from '@pasteport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { adminToken, givenApiKey } from '../../../test/identity.js';
import { runShareX } from '../../../test/sharex.js';

/** Runs a program to its end (asynchronously: the server answers in this same process). */
function run(
  command: string,
  args: string[],
  options: { cwd: string; stdin?: Buffer; pathFirst?: string },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {
        PATH: [options.pathFirst, process.env.PATH].filter(Boolean).join(':'),
        HOME: options.cwd,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? Buffer.alloc(0));
  });
}

/** Every byte value, then random bytes: what a screenshot upload must keep exactly. */
const BYTES = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  randomBytes(70_000),
]);

describe.each(DATABASE_KINDS)('generated uploader configs against the server on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let work: string;
  let root: string;
  let key: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'pp-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Pasteport</title>');
    work = await mkdtemp(path.join(os.tmpdir(), 'pp-uploaders-'));
    // No PUBLIC_URL: the answers' own links are then origin-relative, which the configs
    // must not depend on.
    t = await buildTestApp(kind, { webDistDir: dist });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('not listening');
    root = `http://127.0.0.1:${address.port}`;
    const token = await adminToken(t);
    key = (await givenApiKey(t, token, { name: 'ShareX "desk"', file: true, text: true })).key;
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  /** The slug of a share link on this server, after checking the link itself opens a page. */
  async function slugOfLink(link: string | undefined, page: 'file' | 'paste'): Promise<string> {
    const match = new RegExp(`^${root}/${page}/([A-Za-z0-9_-]+)$`).exec(link ?? '');
    expect(match, link).not.toBeNull();
    const opened = await fetch(link ?? '');
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    return match?.[1] ?? '';
  }

  async function downloaded(slug: string): Promise<Buffer> {
    const res = await fetch(`${root}/api/file-download/${slug}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('ShareX file uploader: the screenshot is stored byte for byte behind the link', async () => {
    const sxcu = shareXFileUploader({ publicUrl: root, apiKey: key, keyName: 'desk' }).text;
    const result = await runShareX(sxcu, {
      kind: 'file',
      fileName: 'Screenshot 2026-01-02 "a".png',
      mediaType: 'image/png',
      data: BYTES,
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(201);
    const slug = await slugOfLink(result.url, 'file');
    expect((await downloaded(slug)).equals(BYTES)).toBe(true);
  });

  it('ShareX text uploader: the text is stored exactly behind the link', async () => {
    const text = 'line "one"\n\ttab \\ back {input} {json:data.slug} 中文 🙂\r\nend';
    const sxcu = shareXTextUploader({ publicUrl: `${root}/api`, apiKey: key, keyName: 'x' }).text;
    const result = await runShareX(sxcu, { kind: 'text', text });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(201);
    const slug = await slugOfLink(result.url, 'paste');
    const raw = await fetch(`${root}/api/raw/${slug}`);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe(text);
  });

  it('ShareX shows the server reason when the key may not upload files', async () => {
    const textOnly = (await givenApiKey(t, await adminToken(t), { name: 'text', text: true })).key;
    const sxcu = shareXFileUploader({ publicUrl: root, apiKey: textOnly, keyName: 't' }).text;
    const result = await runShareX(sxcu, {
      kind: 'file',
      fileName: 'a.png',
      mediaType: 'image/png',
      data: BYTES.subarray(0, 100),
    });
    expect(result.status).toBe(403);
    expect(result.url).toBeUndefined();
    expect(result.error).toMatch(/\S/);
    expect(result.error).toBe((JSON.parse(result.body) as { message: string }).message);
  });

  it('the Flameshot/curl script uploads file arguments and stdin with the real curl', async () => {
    const script = path.join(work, 'pasteport-upload.sh');
    await writeFile(script, flameshotScript({ publicUrl: root, apiKey: key, keyName: 'k' }).text);
    // Quotes and backslashes are left out: curl writes " as %22 (as browsers do) and the
    // server's form parser cuts a name at a backslash (a Windows path separator).
    const name = `odd name; type=x; it's $(here).bin`;
    await writeFile(path.join(work, name), BYTES);

    const files = await run('bash', [script, path.join(work, name)], { cwd: work });
    expect(files.stderr).toBe('');
    expect(files.code).toBe(0);
    const fileSlug = await slugOfLink(files.stdout.trimEnd(), 'file');
    expect((await downloaded(fileSlug)).equals(BYTES)).toBe(true);
    const info = await fetch(`${root}/api/public/files/${fileSlug}`);
    expect(((await info.json()) as { data: { filename: string } }).data.filename).toBe(name);

    const piped = await run('bash', [script, '-'], {
      cwd: work,
      stdin: Buffer.from('from a pipe'),
    });
    expect(piped.code).toBe(0);
    const pipedSlug = await slugOfLink(piped.stdout.trimEnd(), 'file');
    expect((await downloaded(pipedSlug)).toString()).toBe('from a pipe');
  });

  it('the script with no arguments uploads what `flameshot gui --raw` captured', async () => {
    const script = path.join(work, 'capture.sh');
    await writeFile(script, flameshotScript({ publicUrl: root, apiKey: key, keyName: 'k' }).text);
    // A stand-in for Flameshot (no display here): it writes the capture, or nothing when the
    // user cancels, as `gui --raw` does.
    const bin = await mkdtemp(path.join(work, 'bin-'));
    await writeFile(path.join(bin, 'shot.png'), BYTES);
    const flameshot = path.join(bin, 'flameshot');
    const fake = (body: string) => writeFile(flameshot, `#!/bin/sh\n${body}\n`, { mode: 0o755 });

    await fake(`[ "$1 $2" = "gui --raw" ] && cat '${path.join(bin, 'shot.png')}'`);
    const shot = await run('bash', [script], { cwd: work, pathFirst: bin });
    expect(shot.stderr).toBe('');
    expect(shot.code).toBe(0);
    const slug = await slugOfLink(shot.stdout.trimEnd(), 'file');
    expect((await downloaded(slug)).equals(BYTES)).toBe(true);
    const info = await fetch(`${root}/api/public/files/${slug}`);
    expect(((await info.json()) as { data: { filename: string } }).data.filename).toMatch(
      /^screenshot-\d{8}-\d{6}\.png$/,
    );

    await fake('exit 0');
    const cancelled = await run('bash', [script], { cwd: work, pathFirst: bin });
    expect(cancelled.code).toBe(1);
    expect(cancelled.stdout).toBe('');
    expect(cancelled.stderr).toContain('no screenshot taken');
  });

  it('the script exits non-zero with the server reason for a wrong key', async () => {
    const script = path.join(work, 'wrong-key.sh');
    const wrong = 'not_a_key_of_this_server_0123456789';
    await writeFile(script, flameshotScript({ publicUrl: root, apiKey: wrong, keyName: 'k' }).text);
    const result = await run('bash', [script, '-'], { cwd: work, stdin: Buffer.from('x') });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('"success":false');
  });

  it('the curl one-liners upload a file and create pastes', async () => {
    const dir = await mkdtemp(path.join(work, 'curl-'));
    await writeFile(path.join(dir, 'photo.png'), BYTES);
    await writeFile(path.join(dir, 'notes.txt'), 'notes "quoted"\nsecond line\n');
    const commands = curlCommands({ publicUrl: root, apiKey: key, keyName: 'c' })
      .text.split('\n')
      .filter((line) => /^(curl|jq) /.test(line));
    expect(commands).toHaveLength(3);
    const answers = [];
    for (const command of commands) {
      const result = await run('bash', ['-c', `set -o pipefail; ${command}`], { cwd: dir });
      expect(result.stderr, command).toBe('');
      expect(result.code, command).toBe(0);
      answers.push(JSON.parse(result.stdout) as { code: number; data: { slug: string } });
    }
    expect(answers.map((answer) => answer.code)).toEqual([201, 201, 201]);
    expect((await downloaded(answers[0]?.data.slug ?? '')).equals(BYTES)).toBe(true);
    const raws = await Promise.all(
      answers
        .slice(1)
        .map(async (answer) => (await fetch(`${root}/api/raw/${answer.data.slug}`)).text()),
    );
    expect(raws).toEqual(['Hello from curl', 'notes "quoted"\nsecond line\n']);
  });
});
