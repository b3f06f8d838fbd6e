import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadTarget, localNameOf, saveBody } from './download.js';
import { UsageError } from './errors.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-dl-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('download targets', () => {
  it('reduce a server-given name to a plain local name', () => {
    expect(localNameOf('report.pdf')).toBe('report.pdf');
    expect(localNameOf('../../etc/passwd')).toBe('passwd');
    expect(localNameOf('a\\b\\c.txt')).toBe('c.txt');
    expect(localNameOf('..')).toBe('download');
    expect(localNameOf('')).toBe('download');
    expect(localNameOf('bad\nname\u0007.txt')).toBe('bad_name_.txt');
  });

  it('put the file into a folder under its own name, else where -o says', async () => {
    expect(await downloadTarget(undefined, '../x.bin', dir)).toBe(path.join(dir, 'x.bin'));
    expect(await downloadTarget('-', 'x.bin', dir)).toBe('-');
    expect(await downloadTarget('.', 'x.bin', dir)).toBe(path.join(dir, 'x.bin'));
    expect(await downloadTarget('sub/', 'x.bin', dir)).toBe(path.join(dir, 'sub', 'x.bin'));
    expect(await downloadTarget('y.bin', 'x.bin', dir)).toBe(path.join(dir, 'y.bin'));
  });
});

describe('saving a body', () => {
  it('writes the whole body under the name, and refuses to replace a file without force', async () => {
    const target = path.join(dir, 'out.bin');
    const bytes = Buffer.alloc(300_000, 7);
    expect(await saveBody(new Response(bytes), target, new PassThrough())).toBe(bytes.length);
    expect((await readFile(target)).equals(bytes)).toBe(true);
    await expect(saveBody(new Response('new'), target, new PassThrough())).rejects.toThrow(
      UsageError,
    );
    await saveBody(new Response('new'), target, new PassThrough(), { force: true });
    expect(await readFile(target, 'utf8')).toBe('new');
  });

  it('leaves nothing behind when the body breaks off', async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) throw new Error('connection reset');
        sent = true;
        controller.enqueue(new Uint8Array(1000));
      },
    });
    const target = path.join(dir, 'broken.bin');
    await expect(saveBody(new Response(broken), target, new PassThrough())).rejects.toThrow(
      /connection reset/,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
