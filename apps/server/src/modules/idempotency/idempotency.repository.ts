import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** What a request claims a key with (the row it leaves while it runs). */
export type NewClaim = Pick<
  IdempotencyRow,
  'scope' | 'key' | 'fingerprint' | 'request_id' | 'created_at' | 'expires_at'
>;

/** The answer a finished request leaves for its repeats. */
export type KeptAnswer = Pick<IdempotencyRow, 'status_code' | 'content_type' | 'response_body'>;

/** `Idempotency-Key` claims and answers (migration 0016): the only SQL of the idempotency gate. */
export interface IdempotencyRepository {
  claim(claim: NewClaim, now: string): Promise<boolean>;
  findLive(scope: string, key: string, now: string): Promise<IdempotencyRow | undefined>;
  finish(scope: string, key: string, requestId: string, answer: KeptAnswer): Promise<boolean>;
  release(scope: string, key: string, requestId: string): Promise<void>;
  deleteExpired(now: string): Promise<number>;
}

export function createIdempotencyRepository(db: Kysely<Database>): IdempotencyRepository {
  return {
    /**
     * Claims a key unless a live row holds it, in one statement: an insert, or over an expired
     * row an update its WHERE allows only while that row is expired. Concurrent claims of one
     * key cannot both win on any number of instances (PostgreSQL re-checks the WHERE on the row
     * it has locked; SQLite runs writers one at a time). True when this claim won.
     */
    async claim(claim: NewClaim, now: string): Promise<boolean> {
      const pending = {
        fingerprint: claim.fingerprint,
        request_id: claim.request_id,
        state: 'pending' as const,
        status_code: null,
        content_type: null,
        response_body: null,
        created_at: claim.created_at,
        expires_at: claim.expires_at,
      };
      const row = await db
        .insertInto('idempotency_keys')
        .values({ scope: claim.scope, key: claim.key, ...pending })
        .onConflict((oc) =>
          oc
            .columns(['scope', 'key'])
            .doUpdateSet(pending)
            .where('idempotency_keys.expires_at', '<=', now),
        )
        .returning('request_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async findLive(scope: string, key: string, now: string): Promise<IdempotencyRow | undefined> {
      return db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Stores the answer of the claim `requestId` still holds; false when it holds none. */
    async finish(
      scope: string,
      key: string,
      requestId: string,
      answer: KeptAnswer,
    ): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', ...answer })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('request_id', '=', requestId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Gives a claim up, so a repeat runs the request afresh. */
    async release(scope: string, key: string, requestId: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('request_id', '=', requestId)
        .where('state', '=', 'pending')
        .execute();
    },

    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
