import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/*
 * The search index of the mount space (decision 0014): one row per object or folder of a
 * storage config, keyed by (storage_config_id, key), whatever mounts show that storage.
 * Names are searched by substring through a trigram index: FTS5 `trigram` on SQLite (an
 * external-content table kept in step by triggers; it needs an integer rowid, the one table
 * with a generated integer key), pg_trgm GIN on PostgreSQL. Keys compare byte-wise on both
 * engines (SQLite BINARY, PostgreSQL `COLLATE "C"`), so a key range is a folder's subtree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const columns = sql.raw(`
    storage_config_id varchar(36) not null,
    key ${postgres ? 'text collate "C"' : 'text'} not null,
    name text not null,
    name_fold text not null,
    parent_key ${postgres ? 'text collate "C"' : 'text'} not null,
    is_directory integer not null,
    size bigint not null default 0,
    modified varchar(30),
    content_type varchar(255),
    seen_generation integer not null default 0`);
  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create table fs_index (${columns}, primary key (storage_config_id, key))`.execute(db);
    await sql`create index fs_index_name_trgm_idx on fs_index using gin (name_fold gin_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create table fs_index (id integer primary key, ${columns})`.execute(db);
    await sql`create unique index fs_index_key_idx on fs_index (storage_config_id, key)`.execute(
      db,
    );
    await sql`create virtual table fs_index_fts using fts5(name_fold, content='fs_index', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    // The key (and so the name) of a row never changes: only inserts and deletes reach FTS.
    await sql`create trigger fs_index_fts_insert after insert on fs_index begin
      insert into fs_index_fts (rowid, name_fold) values (new.id, new.name_fold);
    end`.execute(db);
    await sql`create trigger fs_index_fts_delete after delete on fs_index begin
      insert into fs_index_fts (fs_index_fts, rowid, name_fold) values ('delete', old.id, old.name_fold);
    end`.execute(db);
    await sql`create trigger fs_index_fts_update after update of name_fold on fs_index begin
      insert into fs_index_fts (fs_index_fts, rowid, name_fold) values ('delete', old.id, old.name_fold);
      insert into fs_index_fts (rowid, name_fold) values (new.id, new.name_fold);
    end`.execute(db);
  }

  // The background crawl of each storage: where it is, so it resumes after a restart.
  await db.schema
    .createTable('fs_crawl_state')
    .addColumn('storage_config_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    // The listing's next page; null when no crawl is under way.
    .addColumn('cursor', 'text')
    .addColumn('running', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    // An administrator asked for a crawl (or a mount was added) at this time.
    .addColumn('requested_at', 'varchar(30)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fs_crawl_state').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop table fs_index_fts`.execute(db);
  }
  await db.schema.dropTable('fs_index').execute();
}
