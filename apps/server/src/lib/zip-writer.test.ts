import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readZipWithPython, unzipTest } from '../../test/zip-reader.js';
import { createZipStream, type ZipEntry, ZipEntryLimitError } from './zip-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODIFIED = new Date('2024-05-06T07:08:10Z');

function file(name: string, data: Buffer | string, modified = MODIFIED): ZipEntry {
  const bytes = Buffer.from(data);
  return {
    kind: 'file',
    name,
    modified,
    open: () => Promise.resolve({ stream: Readable.from([bytes]), size: bytes.length }),
  };
}

const folder = (name: string): ZipEntry => ({ kind: 'folder', name, modified: MODIFIED });

async function zipOf(entries: ZipEntry[], options = {}): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of createZipStream(entries, options)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

let counter = 0;
function save(zip: Buffer): string {
  const target = path.join(dir, `archive-${++counter}.zip`);
  writeFileSync(target, zip);
  return target;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('createZipStream', () => {
  it('writes UTF-8 names, folders, empty folders and zero-byte files that unzip and Python read', async () => {
    const zip = await zipOf([
      folder('docs/'),
      file('docs/报告 2024.txt', 'quarterly numbers'),
      folder('docs/empty/'),
      file('docs/zero.bin', ''),
      file('Ünïcödé 🎉.md', '# hello'),
    ]);
    const saved = save(zip);
    expect(unzipTest(saved)).toMatch(/No errors detected/);
    expect(execFileSync('unzip', ['-l', saved], { encoding: 'utf8' })).toMatch(/5 files/);
    const read = readZipWithPython(saved);
    expect(read.bad).toBeNull();
    expect(read.entries).toEqual([
      { name: 'docs/', size: 0, dir: true, sha256: sha256(''), mtime: [2024, 5, 6, 7, 8, 10] },
      {
        name: 'docs/报告 2024.txt',
        size: 17,
        dir: false,
        sha256: sha256('quarterly numbers'),
        mtime: [2024, 5, 6, 7, 8, 10],
      },
      {
        name: 'docs/empty/',
        size: 0,
        dir: true,
        sha256: sha256(''),
        mtime: [2024, 5, 6, 7, 8, 10],
      },
      {
        name: 'docs/zero.bin',
        size: 0,
        dir: false,
        sha256: sha256(''),
        mtime: [2024, 5, 6, 7, 8, 10],
      },
      {
        name: 'Ünïcödé 🎉.md',
        size: 7,
        dir: false,
        sha256: sha256('# hello'),
        mtime: [2024, 5, 6, 7, 8, 10],
      },
    ]);
  });

  it('writes an empty archive that is still a valid ZIP', async () => {
    const zip = await zipOf([]);
    expect(zip.length).toBe(22);
    expect(readZipWithPython(save(zip))).toEqual({ bad: null, entries: [] });
  });

  it('takes every ZIP64 path when the thresholds are lowered, and both readers accept it', async () => {
    const big = Buffer.alloc(70_000, 7);
    const zip = await zipOf(
      [folder('a/'), file('a/big.bin', big), file('a/small.txt', 'x'), file('a/zero', '')],
      { zip64Threshold: 0, zip64EntryThreshold: 0 },
    );
    // Local headers carry the ZIP64 extra, descriptors are 24 bytes, the end has the
    // ZIP64 record (0x06064b50) and locator (0x07064b50).
    expect(zip.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
    expect(zip.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBeGreaterThan(0);
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(0xffff);
    expect(zip.readUInt32LE(zip.length - 22 + 16)).toBe(0xffffffff);
    const saved = save(zip);
    expect(unzipTest(saved)).toMatch(/No errors detected/);
    const read = readZipWithPython(saved);
    expect(read.bad).toBeNull();
    expect(read.entries.map((e) => [e.name, e.size, e.sha256])).toEqual([
      ['a/', 0, sha256('')],
      ['a/big.bin', 70_000, sha256(big)],
      ['a/small.txt', 1, sha256('x')],
      ['a/zero', 0, sha256('')],
    ]);
  });

  it('uses ZIP64 only for the offsets past the threshold', async () => {
    const zip = await zipOf([file('one', 'a'.repeat(100)), file('two', 'b'.repeat(100))], {
      zip64Threshold: 150,
    });
    const saved = save(zip);
    expect(unzipTest(saved)).toMatch(/No errors detected/);
    expect(readZipWithPython(saved).entries.map((e) => e.size)).toEqual([100, 100]);
  });

  it('clamps times before 1980 and after 2107 into the DOS range', async () => {
    const zip = await zipOf([
      file('old', 'o', new Date('1970-01-01T00:00:00Z')),
      file('future', 'f', new Date('2200-01-01T00:00:00Z')),
    ]);
    const read = readZipWithPython(save(zip));
    expect(read.entries.map((e) => e.mtime[0])).toEqual([1980, 2107]);
  });

  it('skips an entry whose source is gone by the time it is reached', async () => {
    const gone: ZipEntry = {
      kind: 'file',
      name: 'gone.txt',
      modified: MODIFIED,
      open: () => Promise.resolve(null),
    };
    const read = readZipWithPython(save(await zipOf([gone, file('kept.txt', 'k')])));
    expect(read.entries.map((e) => e.name)).toEqual(['kept.txt']);
  });

  it('fails with a clear error past the entry limit', async () => {
    const stream = createZipStream([file('a', 'a'), file('b', 'b'), file('c', 'c')], {
      maxEntries: 2,
    });
    const read = async () => {
      for await (const chunk of stream) void chunk;
    };
    await expect(read()).rejects.toThrow(ZipEntryLimitError);
    await expect(read()).rejects.toThrow(/at most 2 entries/);
  });

  it('fails when an entry grows past a size that did not announce ZIP64', async () => {
    const entry: ZipEntry = {
      kind: 'file',
      name: 'grows',
      modified: MODIFIED,
      open: () => Promise.resolve({ stream: Readable.from([Buffer.alloc(200)]), size: 10 }),
    };
    const stream = createZipStream([entry], { zip64Threshold: 100 });
    await expect(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
    ).rejects.toThrow(/grew past its announced size/);
  });

  it('pulls from a source only as fast as its reader reads (back-pressure)', async () => {
    let produced = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const source = new Readable({
      highWaterMark: chunk.length,
      read() {
        produced += chunk.length;
        this.push(produced > 64 * 1024 * 1024 ? null : chunk);
      },
    });
    const entry: ZipEntry = {
      kind: 'file',
      name: 'endless',
      modified: MODIFIED,
      open: () => Promise.resolve({ stream: source, size: 64 * 1024 * 1024 }),
    };
    const zip = createZipStream([entry]);
    const reader = zip[Symbol.asyncIterator]();
    let received = 0;
    for (let i = 0; i < 20; i++) received += ((await reader.next()).value as Buffer).length;
    // What was read from the source beyond what the reader took stays within a few buffers.
    expect(produced - received).toBeLessThanOrEqual(4 * 64 * 1024);
    zip.destroy();
    await new Promise((resolve) => zip.once('close', resolve));
    expect(source.destroyed).toBe(true);
  });

  it('destroys the source being read when the archive is destroyed, without unhandled errors', async () => {
    const source = new PassThrough();
    source.write(Buffer.alloc(1000));
    let opened: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (opened = resolve));
    const entry: ZipEntry = {
      kind: 'file',
      name: 'stalled',
      modified: MODIFIED,
      open: () => {
        opened();
        return Promise.resolve({ stream: source, size: 5000 });
      },
    };
    const zip = createZipStream([entry, file('never', 'n')]);
    zip.resume(); // a reader that takes what comes; the source then waits for more
    await reached;
    zip.destroy();
    await new Promise((resolve) => zip.once('close', resolve));
    expect(source.destroyed).toBe(true);
  });

  it('passes on a source error and destroys the archive with it', async () => {
    const source = new Readable({
      read() {
        this.destroy(new Error('disk read failed'));
      },
    });
    const entry: ZipEntry = {
      kind: 'file',
      name: 'broken',
      modified: MODIFIED,
      open: () => Promise.resolve({ stream: source, size: 10 }),
    };
    const stream = createZipStream([entry]);
    await expect(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
    ).rejects.toThrow('disk read failed');
  });
});
