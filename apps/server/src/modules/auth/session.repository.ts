import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A live session joined with its administrator. */
export interface SessionRecord {
  token_hash: string;
  admin_id: string;
  username: string;
  expires_at: string;
}

/** SQL for admin sessions (looked up by the SHA-256 of the token). */
export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(row: {
      token_hash: string;
      admin_id: string;
      created_at: string;
      expires_at: string;
    }) {
      await db.insertInto('sessions').values(row).execute();
    },

    /** The session with this token hash if it has not expired at `now`. */
    findLive(tokenHash: string, now: string): Promise<SessionRecord | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('admins', 'admins.id', 'sessions.admin_id')
        .select([
          'sessions.token_hash',
          'sessions.admin_id',
          'admins.username',
          'sessions.expires_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Revokes every session of an admin except one; returns how many were revoked. */
    async deleteOthers(adminId: string, keepTokenHash: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('admin_id', '=', adminId)
        .where('token_hash', '!=', keepTokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
