import type { Kysely, Selectable } from 'kysely';
import type { AdminsTable, Database } from '../../db/schema.js';

export type AdminRow = Selectable<AdminsTable>;

/** SQL for administrators. */
export function createAdminRepository(db: Kysely<Database>) {
  return {
    async count(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findByUsername(username: string): Promise<AdminRow | undefined> {
      return db
        .selectFrom('admins')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
    },

    findById(id: string): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts unless the username exists (two instances starting at once create one admin). */
    async insertIfAbsent(row: AdminRow): Promise<boolean> {
      const result = await db
        .insertInto('admins')
        .values(row)
        .onConflict((oc) => oc.column('username').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async update(
      id: string,
      changes: { username?: string; password_hash?: string; updated_at: string },
    ): Promise<void> {
      await db.updateTable('admins').set(changes).where('id', '=', id).execute();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
