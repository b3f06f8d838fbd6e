import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { DriverUnderTest } from './helpers.js';
import {
  MiB,
  expectAppError,
  etagOf,
  put,
  randomBody,
  readAll,
  sha256,
  streamOf,
} from './helpers.js';

/** Contract: write, stat, read (with ranges), copy, delete. */
export function objectContract(use: () => DriverUnderTest): void {
  it('round-trips a binary object with its content type and ETag', async () => {
    const dut = use();
    const { driver } = dut;
    const body = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const written = await put(driver, 'bin/all-bytes.bin', body, 'application/x-test');
    expect(written).toEqual({ size: 512, etag: etagOf(dut, body) });

    const info = await driver.stat('bin/all-bytes.bin');
    expect(info).toMatchObject({
      key: 'bin/all-bytes.bin',
      size: 512,
      etag: written.etag,
      contentType: 'application/x-test',
    });
    expect(info?.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - (info?.lastModified.getTime() ?? 0))).toBeLessThan(60_000);

    const read = await driver.read('bin/all-bytes.bin');
    expect(read).toMatchObject({ size: 512, contentLength: 512, range: null, etag: written.etag });
    expect(read.contentType).toBe('application/x-test');
    expect((await readAll(read.stream)).equals(body)).toBe(true);
  });

  it('streams multi-MiB bodies of unknown and of known length', async () => {
    const dut = use();
    const { driver } = dut;
    const unknown = randomBody(11 * MiB + 123);
    const a = await driver.write('big/unknown.bin', streamOf(unknown), {
      contentType: 'application/octet-stream',
    });
    expect(a.size).toBe(unknown.length);
    const known = randomBody(6 * MiB + 7);
    const b = await driver.write('big/known.bin', streamOf(known), {
      contentType: 'application/octet-stream',
      contentLength: known.length,
    });
    expect(b).toEqual({ size: known.length, etag: etagOf(dut, known) });

    expect(sha256(await readAll((await driver.read('big/unknown.bin')).stream))).toBe(
      sha256(unknown),
    );
    expect(sha256(await readAll((await driver.read('big/known.bin')).stream))).toBe(sha256(known));
    expect((await driver.stat('big/unknown.bin'))?.size).toBe(unknown.length);
  });

  it.each([
    '文件夹/报告 2024（最终）.txt',
    'emoji/🎉 party 🎈.png',
    "odd/a+b%20c#d?e&f=g;h,i~j!k$l'm(n)o*p@q.txt",
    'UPPER/lower/MiXeD.Ext',
    '.dotfile/.env',
  ])('round-trips the key %j', async (key) => {
    const { driver } = use();
    await put(driver, key, `content of ${key}`);
    expect((await driver.stat(key))?.key).toBe(key);
    expect((await readAll((await driver.read(key)).stream)).toString()).toBe(`content of ${key}`);
    const listing = await driver.list('');
    expect(listing.objects.map((o) => o.key)).toEqual([key]);
  });

  it('replaces an object on overwrite', async () => {
    const { driver } = use();
    const first = await put(driver, 'doc.txt', 'first version, longer');
    const second = await put(driver, 'doc.txt', 'second', 'text/markdown');
    // A cache holding the first version must see that it changed.
    expect(second.etag).not.toBe(first.etag);
    expect(await driver.stat('doc.txt')).toMatchObject({
      size: 6,
      contentType: 'text/markdown',
      etag: second.etag,
    });
    expect((await readAll((await driver.read('doc.txt')).stream)).toString()).toBe('second');
  });

  it('reads byte ranges: closed, open-ended, suffix and clamped', async () => {
    const { driver } = use();
    const body = randomBody(1000);
    await put(driver, 'range.bin', body, 'application/octet-stream');
    const cases = [
      { range: { start: 10, end: 19 }, served: { start: 10, end: 19 } },
      { range: { start: 990 }, served: { start: 990, end: 999 } },
      { range: { suffixLength: 100 }, served: { start: 900, end: 999 } },
      { range: { start: 995, end: 5000 }, served: { start: 995, end: 999 } },
      { range: { start: 1, end: 1 }, served: { start: 1, end: 1 } },
    ];
    for (const { range, served } of cases) {
      const read = await driver.read('range.bin', { range });
      expect(read.range).toEqual(served);
      expect(read.size).toBe(1000);
      expect(read.contentLength).toBe(served.end - served.start + 1);
      const bytes = await readAll(read.stream);
      expect(bytes.equals(body.subarray(served.start, served.end + 1))).toBe(true);
    }
    await expectAppError(
      driver.read('range.bin', { range: { start: 1000 } }),
      'RANGE_NOT_SATISFIABLE',
    );
  });

  it('reports missing objects: stat → null, read → NOT_FOUND', async () => {
    const { driver } = use();
    expect(await driver.stat('nope/missing.txt')).toBeNull();
    await expectAppError(driver.read('nope/missing.txt'), 'NOT_FOUND');
    await expectAppError(
      driver.read('nope/missing.txt', { range: { start: 0, end: 1 } }),
      'NOT_FOUND',
    );
  });

  it('copies an object with its content type and leaves the source', async () => {
    const { driver } = use();
    const body = randomBody(70_000);
    await put(driver, 'src/原始 file+1%.bin', body, 'image/png');
    const copied = await driver.copy('src/原始 file+1%.bin', 'dst/深/copy.bin');
    expect(copied.size).toBe(body.length);
    expect(await driver.stat('dst/深/copy.bin')).toMatchObject({
      size: body.length,
      contentType: 'image/png',
      etag: copied.etag,
    });
    expect((await readAll((await driver.read('dst/深/copy.bin')).stream)).equals(body)).toBe(true);
    expect(await driver.stat('src/原始 file+1%.bin')).not.toBeNull();
    await expectAppError(driver.copy('src/absent.bin', 'dst/x.bin'), 'NOT_FOUND');
  });

  it('deletes many keys, reporting per key; missing keys count as deleted', async () => {
    const { driver } = use();
    await put(driver, 'del/a.txt', 'a');
    await put(driver, 'del/sub/b.txt', 'b');
    await put(driver, 'keep.txt', 'k');
    const results = await driver.deleteMany([
      'del/a.txt',
      'del/sub/b.txt',
      'del/never.txt',
      '../bad',
    ]);
    expect(results.slice(0, 3)).toEqual([
      { key: 'del/a.txt', ok: true },
      { key: 'del/sub/b.txt', ok: true },
      { key: 'del/never.txt', ok: true },
    ]);
    expect(results[3]).toMatchObject({ key: '../bad', ok: false, code: 'VALIDATION_FAILED' });
    expect(await driver.stat('del/a.txt')).toBeNull();
    expect(await driver.stat('del/sub/b.txt')).toBeNull();
    const root = await driver.list('', { delimiter: '/' });
    expect(root).toEqual({
      objects: [expect.objectContaining({ key: 'keep.txt' })],
      prefixes: [],
      nextCursor: null,
    });
    expect(await driver.deleteMany([])).toEqual([]);
  });

  it('stores nothing when the body fails midway or breaks its declared length', async () => {
    const { driver } = use();
    const failing = Readable.from(
      (async function* () {
        yield randomBody(300_000);
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('client went away');
      })(),
    );
    await expect(
      driver.write('broken/failing.bin', failing, { contentType: 'application/octet-stream' }),
    ).rejects.toThrow();

    const short = randomBody(1000);
    await expectAppError(
      driver.write('broken/short.bin', streamOf(short), {
        contentType: 'text/plain',
        contentLength: 2000,
      }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      driver.write('broken/long.bin', streamOf(randomBody(3000)), {
        contentType: 'text/plain',
        contentLength: 2000,
      }),
      'VALIDATION_FAILED',
    );

    const controller = new AbortController();
    const slow = Readable.from(
      (async function* () {
        yield randomBody(100_000);
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 50));
        yield randomBody(100_000);
      })(),
    );
    await expect(
      driver.write('broken/aborted.bin', slow, {
        contentType: 'text/plain',
        signal: controller.signal,
      }),
    ).rejects.toThrow();

    expect((await driver.list('')).objects).toEqual([]);
  });
}
