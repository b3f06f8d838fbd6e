import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTOR } from '../../../test/actors.js';
import { movableClock } from '../../../test/clock.js';
import { readZipWithPython } from '../../../test/zip-reader.js';
import type { ActiveMount } from '../../vfs/mount-table.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { ArchiveLinkRepository, ArchiveLinkRow } from './archive-links.repository.js';
import { createFsArchiveService } from './fs-archive.service.js';

const dir = mkdtempSync(path.join(tmpdir(), 'fs-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODIFIED = new Date('2025-01-01T00:00:00Z');

/**
 * A storage that another tool filled with hostile keys (S3 accepts any key): the archive must
 * leave out every one that could land outside the folder it is extracted into.
 */
function hostileStorage(
  keys: string[],
  pageSize = 2,
): Pick<StorageDriver, 'stat' | 'list' | 'read'> {
  const sorted = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return {
    stat: (key) =>
      Promise.resolve(
        sorted.includes(key)
          ? { key, size: 1, etag: 'e', lastModified: MODIFIED, contentType: 'text/plain' }
          : null,
      ),
    list: (prefix, options) => {
      const matching = sorted.filter((key) => key.startsWith(prefix));
      const start = Number(options?.cursor ?? 0);
      const page = matching.slice(start, start + Math.min(options?.limit ?? 1000, pageSize));
      const next = start + page.length;
      return Promise.resolve({
        objects: page.map((key) => ({ key, size: 1, etag: 'e', lastModified: MODIFIED })),
        prefixes: [],
        nextCursor: next < matching.length ? String(next) : null,
      });
    },
    read: (key) =>
      Promise.resolve({
        stream: Readable.from([Buffer.from(key)]),
        size: Buffer.byteLength(key),
        contentLength: Buffer.byteLength(key),
        etag: 'e',
        lastModified: MODIFIED,
        contentType: 'text/plain',
        range: null,
      }),
  };
}

function serviceOver(driver: Pick<StorageDriver, 'stat' | 'list' | 'read'>) {
  const rows = new Map<string, ArchiveLinkRow>();
  const links: ArchiveLinkRepository = {
    insert: (row) => Promise.resolve(void rows.set(row.id, row)),
    findById: (id) => Promise.resolve(rows.get(id)),
    deleteExpired: () => Promise.resolve(0),
  };
  const mount = { id: 'm1', mount_path: '/team', storage_config_id: 's1' } as ActiveMount;
  return createFsArchiveService({
    links,
    mountTable: { active: () => Promise.resolve([mount]) },
    storage: { getDriver: () => Promise.resolve(driver as StorageDriver) },
    findApiKey: () => Promise.resolve(null),
    findAdmin: () => Promise.resolve({ username: 'root' }),
    clock: movableClock(),
    publicUrl: 'https://paste.example',
  });
}

async function archiveNames(service: ReturnType<typeof serviceOver>, paths: string[]) {
  const link = await service.create(ADMIN_ACTOR, { paths, name: 'a' });
  expect(link.url).toMatch(/^https:\/\/paste\.example\/api\/fs\/archive\//);
  const url = new URL(link.url);
  const id = url.pathname.split('/').at(-1)!;
  const { stream, filename } = await service.open(id, url.searchParams.get('token') ?? '');
  expect(filename).toBe('a.zip');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  const file = path.join(dir, `${id}.zip`);
  writeFileSync(file, Buffer.concat(parts));
  const read = readZipWithPython(file);
  expect(read.bad).toBeNull();
  return read.entries.map((entry) => entry.name);
}

describe('fs archive entries', () => {
  it('leaves out keys that would escape on extraction, across listing pages', async () => {
    const service = serviceOver(
      hostileStorage([
        'docs/../../etc/passwd',
        'docs/a\\..\\..\\b.txt',
        'docs//abs.txt',
        'docs/ctrl\u0001.txt',
        'docs/./dot.txt',
        'docs/ok/fine.txt',
        'docs/sub/',
        'docs/z.txt',
      ]),
    );
    expect(await archiveNames(service, ['/team/docs'])).toEqual([
      'docs/',
      'docs/ok/',
      'docs/ok/fine.txt',
      'docs/sub/',
      'docs/z.txt',
    ]);
  });

  it('defuses a drive-letter name at the top and numbers duplicates before the extension', async () => {
    const service = serviceOver(
      hostileStorage(['C:/x.txt', 'a/report.tar.gz', 'b/report.tar.gz', 'c/Report.tar.gz']),
    );
    expect(
      await archiveNames(service, [
        '/team/C:',
        '/team/a/report.tar.gz',
        '/team/b/report.tar.gz',
        '/team/c/Report.tar.gz',
      ]),
    ).toEqual(['C_/', 'C_/x.txt', 'report.tar.gz', 'report.tar (2).gz', 'Report.tar (3).gz']);
  });
});
