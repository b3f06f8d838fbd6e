import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectAppError,
  put,
  readAll,
  streamOf,
} from '../../../../test/storage-contract/helpers.js';
import { LocalStorageDriver } from './local-driver.js';

/** Disk-level promises of the local driver that the shared contract cannot see. */
describe('LocalStorageDriver on disk', () => {
  let base: string;
  let root: string;
  let driver: LocalStorageDriver;

  beforeEach(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'pasteport-local-disk-'));
    root = path.join(base, 'root');
    await mkdir(root);
    driver = new LocalStorageDriver({
      id: 'disk',
      root,
      signingKey: randomBytes(32),
      signedUrlBase: '/api/storage/local',
    });
  });

  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  const tmpEntries = async () => readdir(path.join(root, '.tmp')).catch(() => []);

  it('leaves no object and no temp file when the body stream dies or is aborted', async () => {
    const dying = Readable.from(
      (function* () {
        yield randomBytes(1 << 20);
        throw new Error('socket hang up');
      })(),
    );
    await expect(driver.write('x/dead.bin', dying, { contentType: 'text/plain' })).rejects.toThrow(
      'socket hang up',
    );
    const controller = new AbortController();
    const aborted = Readable.from(
      (function* () {
        yield randomBytes(1 << 20);
        controller.abort();
        yield randomBytes(1 << 20);
      })(),
    );
    await expect(
      driver.write('x/aborted.bin', aborted, {
        contentType: 'text/plain',
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    const alreadyAborted = AbortSignal.abort();
    await expect(
      driver.write('x/never.bin', streamOf(Buffer.from('x')), {
        contentType: 'text/plain',
        signal: alreadyAborted,
      }),
    ).rejects.toThrow();

    expect(await tmpEntries()).toEqual([]);
    expect(await readdir(root)).not.toContain('x');
    expect((await driver.list('')).objects).toEqual([]);
  });

  it('cleans the temp file of a failed multipart part and completion', async () => {
    const uploadId = await driver.createMultipart('mp.bin', { contentType: 'text/plain' });
    await expectAppError(
      driver.writePart('mp.bin', uploadId, 1, streamOf(randomBytes(100)), { contentLength: 50 }),
      'VALIDATION_FAILED',
    );
    expect(await driver.listParts('mp.bin', uploadId)).toEqual([]);
    expect(await tmpEntries()).toEqual([]);
  });

  it('pages a big directory in key order and sees every change made between pages', async () => {
    const dir = path.join(root, 'big');
    await mkdir(dir);
    // Past the size whose sorted listing is kept between pages (local-list.ts).
    const names = Array.from({ length: 2500 }, (_, i) => `f-${String(i).padStart(5, '0')}`);
    for (const name of names) await writeFile(path.join(dir, name), 'x');
    const listAll = async () => {
      const keys: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await driver.list('big/', { cursor, limit: 700 });
        keys.push(...page.objects.map((object) => object.key));
        cursor = page.nextCursor;
      } while (cursor);
      return keys;
    };
    expect(await listAll()).toEqual(names.map((name) => `big/${name}`));

    // Behind the driver's back, between two pages: the next page shows the change.
    const first = await driver.list('big/', { limit: 700 });
    await writeFile(path.join(dir, 'f-99999'), 'late');
    await rm(path.join(dir, 'f-00701'));
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await driver.list('big/', { cursor, limit: 700 });
      rest.push(...page.objects.map((object) => object.key));
      cursor = page.nextCursor;
    }
    expect(rest).toContain('big/f-99999');
    expect(rest).not.toContain('big/f-00701');
    expect(rest[0]).toBe('big/f-00700');
  });

  it('keeps its internal folders out of listings and out of the key space', async () => {
    await put(driver, 'visible.txt', 'v');
    const uploadId = await driver.createMultipart('pending.bin', { contentType: 'text/plain' });
    await driver.writePart('pending.bin', uploadId, 1, streamOf(Buffer.from('p')));
    expect((await readdir(root)).sort()).toEqual(['.meta', '.tmp', '.uploads', 'visible.txt']);
    const listing = await driver.list('', { delimiter: '/' });
    expect(listing).toMatchObject({ prefixes: [], objects: [{ key: 'visible.txt' }] });
    expect((await driver.list('.')).objects).toEqual([]);
    for (const key of ['.tmp/x', '.uploads/x', '.meta/visible.txt.json']) {
      await expectAppError(driver.stat(key), 'VALIDATION_FAILED');
      await expectAppError(put(driver, key, 'x'), 'VALIDATION_FAILED');
    }
  });

  it('writes nothing outside its root for traversal keys', async () => {
    for (const key of ['../escape.txt', 'a/../../escape.txt', '/tmp/escape.txt']) {
      await expectAppError(put(driver, key, 'x'), 'VALIDATION_FAILED');
    }
    expect(await readdir(base)).toEqual(['root']);
  });

  it('refuses to follow a symlink that leads out of the root', async () => {
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await symlink(outside, path.join(root, 'link'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'file-link.txt'));
    await expectAppError(driver.read('link/secret.txt'), 'FORBIDDEN');
    await expectAppError(driver.read('file-link.txt'), 'FORBIDDEN');
    await expectAppError(put(driver, 'link/planted.txt', 'x'), 'FORBIDDEN');
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect(await driver.deleteMany(['link/secret.txt'])).toEqual([
      expect.objectContaining({ ok: false, code: 'FORBIDDEN' }),
    ]);
    expect(await readdir(outside)).toEqual(['secret.txt']);
    expect((await driver.list('')).objects).toEqual([]);
  });

  it('serves files placed by hand, with a derived ETag that changes with the file', async () => {
    await mkdir(path.join(root, 'manual'));
    await writeFile(path.join(root, 'manual', 'notes.txt'), 'by hand');
    const info = await driver.stat('manual/notes.txt');
    expect(info).toMatchObject({ size: 7, contentType: 'application/octet-stream' });
    expect((await readAll((await driver.read('manual/notes.txt')).stream)).toString()).toBe(
      'by hand',
    );
    await writeFile(path.join(root, 'manual', 'notes.txt'), 'changed by hand');
    expect((await driver.stat('manual/notes.txt'))?.etag).not.toBe(info?.etag);
  });

  it('distrusts a sidecar once the file changed behind its back', async () => {
    await put(driver, 'edited.txt', 'original', 'text/markdown');
    await writeFile(path.join(root, 'edited.txt'), 'edited outside');
    const info = await driver.stat('edited.txt');
    expect(info?.size).toBe(14);
    expect(info?.contentType).toBe('application/octet-stream');
  });

  it('answers CONFLICT when a key would be both a file and a folder', async () => {
    await put(driver, 'a', 'file');
    await expectAppError(put(driver, 'a/b', 'nested'), 'CONFLICT');
    await put(driver, 'dir/child', 'x');
    await expectAppError(put(driver, 'dir', 'file over folder'), 'CONFLICT');
    expect(await tmpEntries()).toEqual([]);
  });

  it('prunes folders emptied by deletes, in objects and metadata alike', async () => {
    await put(driver, 'deep/er/est.txt', 'x');
    await driver.deleteMany(['deep/er/est.txt']);
    expect(await readdir(root)).not.toContain('deep');
    expect(await readdir(path.join(root, '.meta'))).toEqual([]);
  });

  it('moves an object by renaming it: same inode, metadata along, emptied folders pruned', async () => {
    await put(driver, 'from/deep/a.md', 'moved bytes', 'text/markdown');
    const before = await driver.stat('from/deep/a.md');
    const inode = (await stat(path.join(root, 'from/deep/a.md'))).ino;
    const result = await driver.move('from/deep/a.md', 'to/b.md');
    expect(result).toEqual({ size: 11, etag: before?.etag });
    expect((await stat(path.join(root, 'to/b.md'))).ino).toBe(inode);
    expect(await driver.stat('to/b.md')).toMatchObject({
      etag: before?.etag,
      contentType: 'text/markdown',
    });
    expect(await driver.stat('from/deep/a.md')).toBeNull();
    expect(await readdir(root)).not.toContain('from');
    expect(await readdir(path.join(root, '.meta'))).toEqual(['to']);
    await expectAppError(driver.move('from/deep/a.md', 'to/c.md'), 'NOT_FOUND');
    await put(driver, 'x/y', 'folder x');
    await expectAppError(driver.move('to/b.md', 'x'), 'CONFLICT');
    expect((await readAll((await driver.read('to/b.md')).stream)).toString()).toBe('moved bytes');
  });

  it('never moves an object out through a symlinked folder', async () => {
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await symlink(outside, path.join(root, 'link'));
    await put(driver, 'inside.txt', 'x');
    await expectAppError(driver.move('inside.txt', 'link/out.txt'), 'FORBIDDEN');
    expect(await readdir(outside)).toEqual([]);
    expect(await driver.stat('inside.txt')).not.toBeNull();
  });

  it('reports a missing root on check() and on writes, and never creates it', async () => {
    await rm(root, { recursive: true });
    expect(await driver.check()).toMatchObject({ ok: false });
    await expectAppError(put(driver, 'x.txt', 'x'), 'SERVICE_UNAVAILABLE');
    await expect(stat(root)).rejects.toThrow();
  });
});
