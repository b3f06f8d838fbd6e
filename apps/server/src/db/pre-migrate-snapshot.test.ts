import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fileTimestamp,
  KEEP_PRE_MIGRATE_SNAPSHOTS,
  pruneSnapshots,
} from './pre-migrate-snapshot.js';

describe('pre-migration snapshots', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps the newest five by the time in their names, whatever version they came from', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pp-prune-'));
    const names = Array.from({ length: 7 }, (_, i) => {
      const at = fileTimestamp(new Date(Date.UTC(2026, 0, 1 + i)));
      // Older snapshots from a later migration name: the name order is not the time order.
      return `pre-migrate-${i < 3 ? '0099_late' : '0001_early'}-${at}.db`;
    });
    for (const name of [...names, 'pasteport-2020-01-01T00-00-00-000Z', 'notes.txt']) {
      await writeFile(path.join(dir, name), 'x');
    }
    const removed = await pruneSnapshots(dir, KEEP_PRE_MIGRATE_SNAPSHOTS);
    expect(removed).toEqual(names.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual(
      [...names.slice(2), 'pasteport-2020-01-01T00-00-00-000Z', 'notes.txt'].sort(),
    );
  });
});
