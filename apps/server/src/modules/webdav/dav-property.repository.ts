import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FsChange } from '../../vfs/fs-changes.js';

/** A property's expanded name: its namespace URI ('' for none) and local name. */
export interface PropertyName {
  ns: string;
  name: string;
}

export interface DeadProperty extends PropertyName {
  /** The property's content as XML. */
  value: string;
}

/** Where a resource's properties live: its storage and object key ('' for a mount root). */
export interface PropertyOwner {
  storageId: string;
  key: string;
}

/** The key range of a folder's subtree: `>= 'a/b/'` and `< 'a/b0'` ('' holds everything). */
function subtree(key: string): { from: string; to: string } | null {
  return key === '' ? null : { from: `${key}/`, to: `${key}0` };
}

/** Dead properties (migration 0015): the only SQL of PROPPATCH and friends. */
export function createDavPropertyRepository(db: Kysely<Database>) {
  return {
    async list(owner: PropertyOwner): Promise<DeadProperty[]> {
      return db
        .selectFrom('dav_properties')
        .select(['ns', 'name', 'value'])
        .where('storage_config_id', '=', owner.storageId)
        .where('key', '=', owner.key)
        .orderBy('ns')
        .orderBy('name')
        .execute();
    },

    /** The properties of many keys of one storage (a folder's children), by key. */
    async listMany(
      storageId: string,
      keys: readonly string[],
    ): Promise<Map<string, DeadProperty[]>> {
      const byKey = new Map<string, DeadProperty[]>();
      // Bounded IN lists: a folder of 10,000 entries is 20 queries, not 10,000.
      for (let at = 0; at < keys.length; at += 500) {
        const rows = await db
          .selectFrom('dav_properties')
          .select(['key', 'ns', 'name', 'value'])
          .where('storage_config_id', '=', storageId)
          .where('key', 'in', keys.slice(at, at + 500))
          .execute();
        for (const { key, ...property } of rows) {
          const list = byKey.get(key) ?? [];
          list.push(property);
          byKey.set(key, list);
        }
      }
      return byKey;
    },

    /**
     * Applies one PROPPATCH in one transaction (RFC 4918: all or nothing), in document order:
     * a set replaces, a remove of an absent property is no error.
     */
    async patch(
      owner: PropertyOwner,
      operations: readonly (
        ({ op: 'set'; value: string } & PropertyName) | ({ op: 'remove' } & PropertyName)
      )[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const operation of operations) {
          await trx
            .deleteFrom('dav_properties')
            .where('storage_config_id', '=', owner.storageId)
            .where('key', '=', owner.key)
            .where('ns', '=', operation.ns)
            .where('name', '=', operation.name)
            .execute();
          if (operation.op === 'set') {
            await trx
              .insertInto('dav_properties')
              .values({
                storage_config_id: owner.storageId,
                key: owner.key,
                ns: operation.ns,
                name: operation.name,
                value: operation.value,
              })
              .execute();
          }
        }
      });
    },

    /**
     * Copies a resource's properties (and with `recursive`, those of everything beneath it) to
     * another place, replacing what the target had.
     */
    async copy(from: PropertyOwner, to: PropertyOwner, recursive: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await removeWith(trx, to, recursive);
        const range = recursive ? subtree(from.key) : null;
        const rows = await trx
          .selectFrom('dav_properties')
          .select(['key', 'ns', 'name', 'value'])
          .where('storage_config_id', '=', from.storageId)
          .where((eb) =>
            range
              ? eb.or([
                  eb('key', '=', from.key),
                  eb.and([eb('key', '>=', range.from), eb('key', '<', range.to)]),
                ])
              : recursive
                ? sql<boolean>`1 = 1`
                : eb('key', '=', from.key),
          )
          .execute();
        for (const row of rows) {
          const rest = row.key.slice(from.key.length);
          const key =
            from.key === '' && to.key !== '' && rest !== ''
              ? `${to.key}/${rest}`
              : `${to.key}${rest}`;
          await trx
            .insertInto('dav_properties')
            .values({
              storage_config_id: to.storageId,
              key,
              ns: row.ns,
              name: row.name,
              value: row.value,
            })
            .execute();
        }
      });
    },

    /** Removes a resource's properties (and with `recursive`, those beneath it). */
    async remove(owner: PropertyOwner, recursive: boolean): Promise<void> {
      await removeWith(db, owner, recursive);
    },
  };
}

async function removeWith(db: Kysely<Database>, owner: PropertyOwner, recursive: boolean) {
  const range = recursive ? subtree(owner.key) : null;
  await db
    .deleteFrom('dav_properties')
    .where('storage_config_id', '=', owner.storageId)
    .where((eb) =>
      range
        ? eb.or([
            eb('key', '=', owner.key),
            eb.and([eb('key', '>=', range.from), eb('key', '<', range.to)]),
          ])
        : recursive
          ? sql<boolean>`1 = 1`
          : eb('key', '=', owner.key),
    )
    .execute();
}

export type DavPropertyRepository = ReturnType<typeof createDavPropertyRepository>;

/** An fsChanges listener's work: the properties of every removed key (and subtree) go too. */
export async function removePropertiesOfRemoved(
  properties: Pick<DavPropertyRepository, 'remove'>,
  change: FsChange,
): Promise<void> {
  for (const removed of change.removed ?? []) {
    const owner = { storageId: change.storageConfigId, key: removed.key };
    await properties.remove(owner, removed.recursive);
  }
}
