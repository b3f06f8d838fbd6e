import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { BatchCopyResult } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage } from '../../../test/files.js';
import { adminToken, bearer } from '../../../test/identity.js';
import { givenMount, readObject, seedObject } from '../../../test/mounts.js';
import { getTask } from '../../../test/tasks.js';
import type { StorageDriver } from '../../storage/storage-driver.js';

const DIRECTIONS = [
  ['local', 's3'],
  ['s3', 'local'],
] as const;

const LEASE_MS = 30_000;
/** A heartbeat that never comes: the instance holding the task has died. */
const NEVER = 2 ** 31 - 1;

/** Reads of `key` answer a stream that never delivers a byte: the reader is gone mid-item. */
function freezeReads(driver: StorageDriver, key: string): Promise<void> {
  let reached: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const read = driver.read.bind(driver);
  driver.read = async (readKey, options) => {
    const result = await read(readKey, options);
    if (readKey !== key) return result;
    result.stream.destroy();
    reached();
    return { ...result, stream: new PassThrough() };
  };
  return held;
}

/** Counts the reads and writes of each key through a driver. */
function countCalls(driver: StorageDriver) {
  const reads = new Map<string, number>();
  const writes = new Map<string, number>();
  const read = driver.read.bind(driver);
  const write = driver.write.bind(driver);
  driver.read = (key, options) => {
    reads.set(key, (reads.get(key) ?? 0) + 1);
    return read(key, options);
  };
  driver.write = (key, body, options) => {
    writes.set(key, (writes.get(key) ?? 0) + 1);
    return write(key, body, options);
  };
  return { reads, writes };
}

describe.each(DATABASE_KINDS)('a task whose instance died, on %s', (kind) => {
  it.each(DIRECTIONS)(
    'copying from %s to %s: another instance takes it once the lease ran out and redoes no finished file',
    async (from, to) => {
      // One clock for both instances, moved by hand: the lease runs out without any waiting.
      const clock = movableClock();
      const first = await buildTestApp(kind, { clock });
      const second = await buildTestApp(kind, {
        clock,
        sameDatabaseAs: first,
        sameDataDirAs: first,
      });
      try {
        const token = await adminToken(first);
        const auth = bearer(token);
        const source = await givenStorage(first, token, from);
        const target = await givenStorage(first, token, to);
        await givenMount(first, '/src', source);
        await givenMount(first, '/dst', target);
        const dir = randomUUID();
        const big = randomBytes(256 * 1024);
        await seedObject(first, source, `${dir}/f/1.txt`, Buffer.from('first'));
        await seedObject(first, source, `${dir}/f/2.bin`, big);
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/fs/batch-copy',
          headers: auth,
          payload: { items: [{ sourcePath: `/src/${dir}/f`, targetPath: `/dst/${dir}/f` }] },
        });
        expect(res.statusCode, res.body).toBe(202);
        const id = res.json<{ data: BatchCopyResult }>().data.taskId!;

        // The first instance takes the task, copies 1.txt and dies while reading 2.bin: no
        // heartbeat, no release, no word to anyone.
        const frozen = freezeReads(await first.storage.getDriver(source), `${dir}/f/2.bin`);
        const dead = first.root.createTaskRunner({ leaseMs: LEASE_MS, heartbeatMs: NEVER });
        const dying = dead.runOnce();
        await frozen;
        const left = await getTask(first, auth, id);
        expect(left.status).toBe('running');
        expect(left.items.map((item) => item.status)).toEqual([
          'completed',
          'completed',
          'downloading',
        ]);

        const counted = {
          source: countCalls(await second.storage.getDriver(source)),
          target: countCalls(await second.storage.getDriver(target)),
        };
        const successor = second.root.createTaskRunner({ leaseMs: LEASE_MS, heartbeatMs: 50 });
        // While the lease lasts nobody may take the task: its holder might be alive.
        expect(await successor.runOnce()).toBe(false);
        clock.advance(LEASE_MS + 1);
        expect(await successor.runOnce()).toBe(true);

        const done = await getTask(second, auth, id);
        expect(done.status).toBe('completed');
        expect(done.items.map((item) => item.status)).toEqual([
          'completed',
          'completed',
          'completed',
        ]);
        expect(done.progress.bytes_done).toBe(5 + big.length);
        // From the per-file state: the folder was not listed again, 1.txt not copied again.
        expect(Object.fromEntries(counted.source.reads)).toEqual({ [`${dir}/f/2.bin`]: 1 });
        expect(Object.fromEntries(counted.target.writes)).toEqual({ [`${dir}/f/2.bin`]: 1 });
        expect((await readObject(second, target, `${dir}/f/1.txt`)).toString()).toBe('first');
        expect((await readObject(second, target, `${dir}/f/2.bin`)).equals(big)).toBe(true);

        // Had the first instance only stalled, waking up (here: shutting down) must neither
        // change the finished task nor undo what its successor wrote.
        await dead.stop();
        await dying;
        const after = await getTask(second, auth, id);
        expect(after.status).toBe('completed');
        expect(after.items.map((item) => item.status)).toEqual(done.items.map((i) => i.status));
        expect((await readObject(second, target, `${dir}/f/2.bin`)).equals(big)).toBe(true);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
