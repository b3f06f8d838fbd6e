import type { Kysely, Selectable } from 'kysely';
import type { Database, DavLocksTable } from '../../db/schema.js';

export type DavLockRow = Selectable<DavLocksTable>;

/** The ancestors of a normalised path, itself included, from `/` down. */
export function selfAndAncestors(path: string): string[] {
  const out = ['/'];
  if (path === '/') return out;
  let at = 0;
  while ((at = path.indexOf('/', at + 1)) !== -1) out.push(path.slice(0, at));
  out.push(path);
  return out;
}

/** WebDAV locks (migration 0015): the only SQL of the lock manager. */
export interface DavLockRepository {
  around(path: string, now: string, below: boolean): Promise<DavLockRow[]>;
  find(token: string, now: string): Promise<DavLockRow | undefined>;
  insert(row: DavLockRow): Promise<void>;
  transaction<T>(work: (repo: DavLockRepository) => Promise<T>): Promise<T>;
  refresh(token: string, timeoutSeconds: number, expiresAt: string): Promise<void>;
  delete(token: string): Promise<boolean>;
  deleteAt(path: string): Promise<void>;
  deleteExpired(now: string): Promise<number>;
}

export function createDavLockRepository(db: Kysely<Database>): DavLockRepository {
  return {
    /**
     * The live locks that touch `path`: on the path, on one of its ancestors, or (with
     * `below`) anywhere beneath it — the one query every conflict check starts from.
     */
    async around(path: string, now: string, below: boolean): Promise<DavLockRow[]> {
      const prefix = path === '/' ? '/' : `${path}/`;
      // Everything under the prefix: '/' + 1 is '0' in byte order, the end of the range.
      const end = `${prefix.slice(0, -1)}0`;
      return db
        .selectFrom('dav_locks')
        .selectAll()
        .where('expires_at', '>', now)
        .where((eb) =>
          below
            ? eb.or([
                eb('path', 'in', selfAndAncestors(path)),
                eb.and([eb('path', '>=', prefix), eb('path', '<', end)]),
              ])
            : eb('path', 'in', selfAndAncestors(path)),
        )
        .execute();
    },

    async find(token: string, now: string): Promise<DavLockRow | undefined> {
      return db
        .selectFrom('dav_locks')
        .selectAll()
        .where('token', '=', token)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async insert(row: DavLockRow): Promise<void> {
      await db.insertInto('dav_locks').values(row).execute();
    },

    /** Runs `work` in one write transaction (conflict check and insert together). */
    transaction<T>(work: (repo: DavLockRepository) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(createDavLockRepository(trx)));
    },

    async refresh(token: string, timeoutSeconds: number, expiresAt: string): Promise<void> {
      await db
        .updateTable('dav_locks')
        .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
        .where('token', '=', token)
        .execute();
    },

    async delete(token: string): Promise<boolean> {
      const result = await db.deleteFrom('dav_locks').where('token', '=', token).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Drops the locks on a path and beneath it (the resource was deleted or moved away). */
    async deleteAt(path: string): Promise<void> {
      const prefix = path === '/' ? '/' : `${path}/`;
      await db
        .deleteFrom('dav_locks')
        .where((eb) =>
          eb.or([
            eb('path', '=', path),
            eb.and([eb('path', '>=', prefix), eb('path', '<', `${prefix.slice(0, -1)}0`)]),
          ]),
        )
        .execute();
    },

    /** Housekeeping: removes expired locks; answers how many went. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('dav_locks')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
