import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SEARCH_MATCHES_MAX, type FsSearchResponse } from '@pasteport/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount } from '../../../test/mounts.js';
import type { TestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { postgresPlan, recordingQueries, sqlitePlan } from '../../../test/query-plans.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { createJobRunner } from '../../jobs/job-runner.js';
import { createFsCrawl, fsCrawlJob } from './fs-crawl.js';
import { createFsIndexRepository } from './fs-index.repository.js';

/** The mounts as the crawl reads them, straight from the table. */
function createMountsView(t: TestApp) {
  const mounts = () =>
    t.database.db.selectFrom('mounts').select(['id', 'storage_config_id']).execute();
  return {
    list: mounts,
    listActive: mounts,
    findById: () => Promise.resolve(undefined),
    markRefreshed: () => Promise.resolve(),
  };
}

/** Writes an object straight into storage, behind the server's back. */
async function putObject(driver: StorageDriver, key: string, body = 'x'): Promise<void> {
  await driver.write(key, Readable.from([Buffer.from(body)]), {
    contentType: 'text/plain',
    contentLength: Buffer.byteLength(body),
  });
}

/** Announces objects as a write through the server would. */
function announce(t: TestApp, storageConfigId: string, keys: string[]) {
  return t.root.fsChanges.emit({
    storageConfigId,
    written: keys.map((key) => ({
      key,
      isDirectory: false,
      size: 3,
      modified: new Date('2026-11-01T00:00:00.000Z'),
    })),
  });
}

async function search(
  t: TestApp,
  headers: Record<string, string>,
  query: Record<string, string> | string,
) {
  // A string is sent as it is (hand-encoded attacks); a record is encoded once.
  const queryString = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const res = await t.app.inject({ method: 'GET', url: `/api/fs/search?${queryString}`, headers });
  return { status: res.statusCode, body: res.json<{ data: FsSearchResponse }>(), raw: res };
}

const paths = (data: FsSearchResponse) => data.results.map((r) => r.path);

describe.each(DATABASE_KINDS)('fs search on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);

  describe.each(STORAGE_KINDS)('the crawl on %s storage', (storageKind) => {
    it('indexes objects written straight into storage, and forgets deleted ones after the next crawl', async () => {
      const { t } = admin;
      const storageId = await givenStorage(t, admin.token, storageKind);
      const mountId = await givenMount(t, '/crawled', storageId);
      const driver = await t.storage.getDriver(storageId);
      const token = `crawl${randomUUID().slice(0, 8)}`;
      const run = `run-${randomUUID()}`;
      await putObject(driver, `${run}/deep/${token}-a.txt`);
      await putObject(driver, `${run}/${token}-b.txt`);

      expect((await search(t, auth(), { q: token })).body.data.total).toBe(0);
      await t.root.services.fsCrawl.runDue();
      const found = await search(t, auth(), { q: token });
      expect(found.status).toBe(200);
      expect(paths(found.body.data).sort()).toEqual([
        `/crawled/${run}/${token}-b.txt`,
        `/crawled/${run}/deep/${token}-a.txt`,
      ]);
      expect(found.body.data.results[0]).toMatchObject({
        isDirectory: false,
        size: 1,
        mount_id: mountId,
        mount_name: 'crawled',
        storage_type: storageKind === 'local' ? 'LOCAL' : 'S3',
      });
      // Folders come from the keys.
      const folder = await search(t, auth(), { q: run });
      expect(folder.body.data.results).toEqual([
        expect.objectContaining({ path: `/crawled/${run}`, isDirectory: true }),
      ]);
      const mount = await t.database.db
        .selectFrom('mounts')
        .select('last_refresh')
        .where('id', '=', mountId)
        .executeTakeFirstOrThrow();
      expect(mount.last_refresh).not.toBeNull();

      await driver.deleteMany([`${run}/deep/${token}-a.txt`]);
      // Not due again for hours: the administrator asks for it.
      await t.root.services.fsCrawl.runDue();
      expect((await search(t, auth(), { q: token })).body.data.total).toBe(2);
      const refresh = await t.app.inject({
        method: 'POST',
        url: `/api/admin/mounts/${mountId}/refresh-index`,
        headers: auth(),
      });
      expect(refresh.statusCode).toBe(202);
      expect(refresh.json()).toMatchObject({ data: { storage_config_id: storageId } });
      await t.root.services.fsCrawl.runDue();
      expect(paths((await search(t, auth(), { q: token })).body.data)).toEqual([
        `/crawled/${run}/${token}-b.txt`,
      ]);
    });

    it('resumes an interrupted crawl from its saved cursor', async () => {
      const { t } = admin;
      const storageId = await givenStorage(t, admin.token, storageKind);
      await givenMount(t, '/resumed', storageId);
      const driver = await t.storage.getDriver(storageId);
      const token = `resume${randomUUID().slice(0, 8)}`;
      const run = `run-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await putObject(driver, `${run}/${token}-${i}.txt`);

      const cursors: (string | null | undefined)[] = [];
      const recordingStorage = {
        getDriver: async (id: string) => {
          const real = await t.storage.getDriver(id);
          return {
            list: (prefix: string, options: Parameters<StorageDriver['list']>[1]) => {
              cursors.push(options?.cursor);
              return real.list(prefix, options);
            },
          };
        },
      };
      const crawlOn = (pageLimit?: number) =>
        createFsCrawl({
          repo: createFsIndexRepository(t.database.db, kind),
          mounts: createMountsView(t),
          storage: recordingStorage,
          storageConfigIds: () => Promise.resolve([storageId]),
          clock: t.root.clock,
          logger: { info: () => undefined, warn: () => undefined },
          ...(pageLimit ? { pageLimit } : {}),
        });

      // The first instance gets one page of two keys done, then stops (a restart).
      expect(await crawlOn(2).crawlPage(storageId)).toBe(false);
      const state = await createFsIndexRepository(t.database.db, kind).getState(storageId);
      expect(state).toMatchObject({ running: 1 });
      expect(state?.cursor).toEqual(expect.any(String));

      // A new instance goes on from the cursor, not from the start.
      cursors.length = 0;
      await crawlOn().runDue();
      expect(cursors[0]).toBe(state?.cursor);
      const found = await search(t, auth(), { q: token });
      expect(found.body.data.total).toBe(5);
      expect(
        (await createFsIndexRepository(t.database.db, kind).getState(storageId))?.running,
      ).toBe(0);
    });
  });

  it('runs the crawl as a leased job: one of two instances crawls a newly mounted storage', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    const driver = await t.storage.getDriver(storageId);
    await putObject(driver, 'job/leased-object.bin');
    await givenMount(t, '/jobbed', storageId);
    const runners = [0, 1].map(() =>
      createJobRunner({
        leases: t.root.jobLeases,
        jobs: [fsCrawlJob(t.root.services.fsCrawl)],
        clock: t.root.clock,
        logger: { info: () => undefined, error: () => undefined },
      }),
    );
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.flat()).toEqual(['crawl-search-index']);
    expect(paths((await search(t, auth(), { q: 'leased-object' })).body.data)).toEqual([
      '/jobbed/job/leased-object.bin',
    ]);
  });

  it('stops a run at its page budget or its time, and the next run goes on', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    await givenMount(t, '/budget', storageId);
    const driver = await t.storage.getDriver(storageId);
    for (let i = 0; i < 5; i++) await putObject(driver, `paged/item-${i}.txt`);
    const clock = movableClock();
    const crawl = createFsCrawl({
      repo: createFsIndexRepository(t.database.db, kind),
      mounts: createMountsView(t),
      storage: {
        getDriver: async (id) => {
          const real = await t.storage.getDriver(id);
          // Each page takes "ten seconds": the second page of a run starts past the budget.
          return { list: (...args) => (clock.advance(10_000), real.list(...args)) };
        },
      },
      storageConfigIds: () => Promise.resolve([storageId]),
      clock,
      logger: { info: () => undefined, warn: () => undefined },
      // As composition.ts wires it: what a run indexed drops the app's cached results.
      onIndexChanged: (id) => t.root.searchCache.forgetStorage(id),
      pageLimit: 2,
      pagesPerRun: 3,
    });
    // The time budget (20 s) ends the first run after its second page.
    expect(await crawl.runDue()).toMatchObject({ pages: 2, finished: 0 });
    expect((await search(t, auth(), { q: 'item-' })).body.data.total).toBe(4);
    expect(await crawl.runDue()).toMatchObject({ pages: 1, finished: 1 });
    expect((await search(t, auth(), { q: 'item-' })).body.data.total).toBe(5);
  });

  it('goes on with the other storages when one cannot be listed', async () => {
    const { t } = admin;
    const good = await givenStorage(t, admin.token, 'local');
    const bad = await givenStorage(t, admin.token, 's3');
    await givenMount(t, '/bad', bad);
    await givenMount(t, '/good', good);
    await putObject(await t.storage.getDriver(good), 'still-crawled.txt');
    const warnings: unknown[] = [];
    const crawl = createFsCrawl({
      repo: createFsIndexRepository(t.database.db, kind),
      mounts: createMountsView(t),
      storage: {
        getDriver: (id) =>
          id === bad ? Promise.reject(new Error('storage unreachable')) : t.storage.getDriver(id),
      },
      storageConfigIds: () => Promise.resolve([good, bad]),
      clock: t.root.clock,
      logger: { info: () => undefined, warn: (obj: object) => void warnings.push(obj) },
    });
    expect(await crawl.runDue()).toMatchObject({ finished: 1, failed: 1 });
    expect(warnings).toEqual([expect.objectContaining({ storageConfigId: bad })]);
    expect(paths((await search(t, auth(), { q: 'still-crawled' })).body.data)).toEqual([
      '/good/still-crawled.txt',
    ]);
  });

  it('finds what a write through the server announced at once, and forgets a removed folder', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    await givenMount(t, '/live', storageId);
    await announce(t, storageId, ['reports/2026/quarterly-summary.pdf']);
    const found = await search(t, auth(), { q: 'Quarterly' });
    expect(paths(found.body.data)).toEqual(['/live/reports/2026/quarterly-summary.pdf']);
    expect(paths((await search(t, auth(), { q: '2026' })).body.data)).toEqual([
      '/live/reports/2026',
    ]);

    await t.root.fsChanges.emit({
      storageConfigId: storageId,
      removed: [{ key: 'reports', recursive: true }],
    });
    expect((await search(t, auth(), { q: 'quarterly' })).body.data.total).toBe(0);
    expect((await search(t, auth(), { q: 'reports' })).body.data.total).toBe(0);
  });

  it('searches globally, in one mount or below one folder; a storage shown twice gives both paths', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    const first = await givenMount(t, '/one', storageId);
    await givenMount(t, '/two', storageId);
    await announce(t, storageId, ['a/notes.md', 'b/notes.md']);

    const global = await search(t, auth(), { q: 'notes' });
    expect(paths(global.body.data)).toEqual([
      '/one/a/notes.md',
      '/two/a/notes.md',
      '/one/b/notes.md',
      '/two/b/notes.md',
    ]);
    const inMount = await search(t, auth(), { q: 'notes', scope: 'mount', mount_id: first });
    expect(paths(inMount.body.data)).toEqual(['/one/a/notes.md', '/one/b/notes.md']);
    const below = await search(t, auth(), { q: 'notes', scope: 'directory', path: '/two/b' });
    expect(paths(below.body.data)).toEqual(['/two/b/notes.md']);
    // A virtual folder holds the mounts below it.
    const root = await search(t, auth(), { q: 'notes', scope: 'directory', path: '/' });
    expect(root.body.data.total).toBe(4);
  });

  it('shows a key only what lies in its basic path, on storages open to API keys', async () => {
    const { t } = admin;
    const open = await givenStorage(t, admin.token, 'local', { allow_api_keys: true });
    const closed = await givenStorage(t, admin.token, 's3', { allow_api_keys: false });
    await givenMount(t, '/team', open);
    const vault = await givenMount(t, '/team/docs/vault', closed);
    await announce(t, open, [
      'docs/secret-plan.txt',
      'media/secret-plan.txt',
      'docs-x/secret-plan.txt',
    ]);
    await announce(t, closed, ['secret-plan.txt']);
    const key = await givenApiKey(t, admin.token, { mount: true, basic_path: '/team/docs' });
    const headers = apiKey(key.key);

    const mine = await search(t, headers, { q: 'secret-plan' });
    expect(mine.status).toBe(200);
    expect(paths(mine.body.data)).toEqual(['/team/docs/secret-plan.txt']);
    expect(mine.body.data.total).toBe(1);
    // Two characters: the LIKE path keeps the same bounds.
    expect(paths((await search(t, headers, { q: 'se' })).body.data)).toEqual([
      '/team/docs/secret-plan.txt',
    ]);
    const sibling = await search(t, headers, {
      q: 'secret',
      scope: 'directory',
      path: '/team/media',
    });
    expect(sibling.status).toBe(403);
    expect(sibling.raw.json()).toMatchObject({ code: 403 });
    const traversal = await search(t, headers, {
      q: 'secret',
      scope: 'directory',
      path: '/team/docs/../media',
    });
    expect(traversal.status).toBe(400);
    expect(traversal.raw.json()).toMatchObject({ details: [{ field: 'path' }] });
    // Encoded twice, `..` is decoded once: a literal name inside the basic path, never a step up.
    const doubled = await search(t, headers, 'q=secret&scope=directory&path=/team/docs/%252e%252e');
    expect(doubled.status).toBe(200);
    expect(doubled.body.data.total).toBe(0);
    const closedMount = await search(t, headers, { q: 'secret', scope: 'mount', mount_id: vault });
    expect(closedMount.status).toBe(404);

    // The administrator sees all four; the vault's path shadows nothing of /team's but its own.
    const all = await search(t, auth(), { q: 'secret-plan' });
    expect(paths(all.body.data).sort()).toEqual([
      '/team/docs-x/secret-plan.txt',
      '/team/docs/secret-plan.txt',
      '/team/docs/vault/secret-plan.txt',
      '/team/media/secret-plan.txt',
    ]);
    const noMount = await givenApiKey(t, admin.token, { file: true });
    expect((await search(t, apiKey(noMount.key), { q: 'secret' })).status).toBe(403);
  });

  it('refuses short keywords, scopes without their field and out-of-range pages with a field-named 400', async () => {
    const { t } = admin;
    const cases: [Record<string, string> | string, string][] = [
      [{ q: 'a' }, 'q'],
      [{ q: ' a ' }, 'q'],
      [{}, 'q'],
      [{ q: 'ab', scope: 'mount' }, 'mount_id'],
      [{ q: 'ab', scope: 'directory' }, 'path'],
      [{ q: 'ab', scope: 'everywhere' }, 'scope'],
      [{ q: 'ab', limit: '201' }, 'limit'],
      [{ q: 'ab', limit: '0' }, 'limit'],
      [{ q: 'ab', offset: '-1' }, 'offset'],
      [{ q: 'ab', offset: '1e308' }, 'offset'],
      [{ q: 'ab', scope: 'directory', path: '/a/../b' }, 'path'],
      ['q=ab&scope=directory&path=/a/%2e%2e/b', 'path'],
      ['q=ab&scope=directory&path=/a%5c..%5cb', 'path'],
      ['q=ab&q=cd', 'q'],
      ['q=a%00b', 'q'],
      ['q=a%0Db', 'q'],
      [{ q: 'x'.repeat(256) }, 'q'],
      [{ q: 'ab', scope: 'directory', path: '/a\u0000b' }, 'path'],
    ];
    for (const [query, field] of cases) {
      const res = await search(t, auth(), query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(
        res.raw.json<{ details: { field: string }[] }>().details.map((d) => d.field),
      ).toContain(field);
    }
    const unknownMount = await search(t, auth(), { q: 'ab', scope: 'mount', mount_id: 'nope' });
    expect(unknownMount.status).toBe(404);
  });

  it('matches %, _ and \\ literally, case-insensitively', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    await givenMount(t, '/w', storageId);
    await announce(t, storageId, ['a%b.txt', 'axb.txt', 'a_b.txt', 'ayb.txt', 'Ünïcode-Name.txt']);
    expect(paths((await search(t, auth(), { q: '%b' })).body.data)).toEqual(['/w/a%b.txt']);
    expect(paths((await search(t, auth(), { q: '%b.' })).body.data)).toEqual(['/w/a%b.txt']);
    expect(paths((await search(t, auth(), { q: '_b' })).body.data)).toEqual(['/w/a_b.txt']);
    expect(paths((await search(t, auth(), { q: 'a_b.' })).body.data)).toEqual(['/w/a_b.txt']);
    expect((await search(t, auth(), { q: '%%' })).body.data.total).toBe(0);
    expect((await search(t, auth(), { q: '\\%' })).body.data.total).toBe(0);
    expect((await search(t, auth(), { q: '"b' })).body.data.total).toBe(0);
    expect((await search(t, auth(), { q: 'a"b OR x' })).body.data.total).toBe(0);
    expect((await search(t, auth(), { q: 'a%b*' })).body.data.total).toBe(0);
    expect(paths((await search(t, auth(), { q: 'üNÏCODE' })).body.data)).toEqual([
      '/w/Ünïcode-Name.txt',
    ]);
  });

  it('pages by limit and offset in relevance order: exact, prefix, substring; folders first', async () => {
    const { t } = admin;
    const storageId = await givenStorage(t, admin.token, 'local');
    await givenMount(t, '/p', storageId);
    await announce(t, storageId, [
      'z/budget',
      'budget.xls',
      'old-budget.txt',
      'y/budget/x.txt',
      'budget-2025.txt',
      'my-budget',
      'budget',
    ]);
    const pages: FsSearchResponse[] = [];
    for (const offset of [0, 3, 6]) {
      const res = await search(t, auth(), { q: 'Budget', limit: '3', offset: String(offset) });
      expect(res.status).toBe(200);
      pages.push(res.body.data);
    }
    expect(pages.map((p) => [p.total, p.hasMore, p.results.length])).toEqual([
      [7, true, 3],
      [7, true, 3],
      [7, false, 1],
    ]);
    expect(pages.flatMap(paths)).toEqual([
      '/p/y/budget',
      '/p/budget',
      '/p/z/budget',
      '/p/budget-2025.txt',
      '/p/budget.xls',
      '/p/my-budget',
      '/p/old-budget.txt',
    ]);
    expect(pages[0]?.results[0]?.isDirectory).toBe(true);
  });
});

/**
 * The search reads through indexes on both engines (bench: p99 at 1,000,000 rows): the trigram
 * index finds names of three characters or more; the (storage, key) index bounds every branch,
 * and carries two-character keywords alone.
 */
describe.each(DATABASE_KINDS)('the search query plan on %s', (kind) => {
  it('uses the trigram index for names and the key index for ranges', async () => {
    const testDb = await openTestDatabase(kind);
    try {
      const { db, queries } = recordingQueries(testDb.handle.db);
      const repo = createFsIndexRepository(db, kind);
      // Enough rows for PostgreSQL's statistics to price the indexes as a big table would.
      await sql`insert into fs_index (storage_config_id, key, name, name_fold, parent_key,
          is_directory, size, seen_generation)
        with recursive numbers(g) as (select 1 union all select g + 1 from numbers where g < 5000)
        select 's1', 'k/file-' || g, 'file-' || g, 'file-' || g, 'k', 0, 1, 0 from numbers`.execute(
        testDb.handle.db,
      );
      // VACUUM also moves GIN's pending list into the index, as autovacuum would.
      await sql
        .raw(kind === 'sqlite' ? 'analyze' : 'vacuum analyze fs_index')
        .execute(testDb.handle.db);
      const plans = async (folded: string, under: string) => {
        const branches = [{ storageConfigId: 's1', under, excluded: ['team/docs/x'] }];
        queries.length = 0;
        await repo.search({ folded, branches, limit: 50, offset: 0 });
        const explain = kind === 'sqlite' ? sqlitePlan : postgresPlan;
        return Promise.all(queries.map((query) => explain(db, query)));
      };
      // The administrator's global search: the whole storage, only the name narrows it.
      const trigram = await plans('report', '');
      // A key's basic path: its key range.
      const short = await plans('re', 'team/docs');
      // One query: the page and its count (a window over the same bounded matches).
      expect(trigram).toHaveLength(1);
      expect(short).toHaveLength(1);
      for (const plan of [...trigram, ...short]) {
        expect(plan.filter((step) => /^SCAN fs_index\b|Seq Scan on fs_index\b/.test(step))).toEqual(
          [],
        );
      }
      if (kind === 'sqlite') {
        // Two branches (the admin's global search over two mounts, one on an empty storage):
        // the keyword's matches are read once, not once per branch.
        queries.length = 0;
        await repo.search({
          folded: 'report',
          branches: [
            { storageConfigId: 'empty', under: '', excluded: [] },
            { storageConfigId: 's1', under: '', excluded: [] },
          ],
          limit: 50,
          offset: 0,
        });
        const [twoBranches] = await Promise.all(queries.map((query) => sqlitePlan(db, query)));
        expect(twoBranches?.filter((step) => /VIRTUAL TABLE INDEX/.test(step))).toHaveLength(1);
        for (const plan of trigram) {
          expect(plan).toEqual(
            expect.arrayContaining([
              expect.stringMatching(/^SCAN f VIRTUAL TABLE INDEX/),
              expect.stringMatching(/^SEARCH i USING INTEGER PRIMARY KEY/),
            ]),
          );
        }
        for (const plan of short) {
          expect(plan).toEqual(
            expect.arrayContaining([
              expect.stringMatching(
                /^SEARCH i USING INDEX fs_index_key_idx \(storage_config_id=\? AND key>\? AND key<\?\)/,
              ),
            ]),
          );
        }
      } else {
        for (const plan of trigram) {
          expect(plan.join('\n')).toMatch(/Bitmap Index Scan on fs_index_name_trgm_idx/);
        }
        for (const plan of short) {
          expect(plan.join('\n')).toMatch(
            /Index (Only )?Scan using fs_index_pkey|Bitmap Index Scan on fs_index_pkey/,
          );
        }
      }
    } finally {
      await testDb.cleanup();
    }
  });

  it('ranks and counts at most SEARCH_MATCHES_MAX matches, and says so', async () => {
    const testDb = await openTestDatabase(kind);
    try {
      const repo = createFsIndexRepository(testDb.handle.db, kind);
      const many = SEARCH_MATCHES_MAX + 5;
      await sql`insert into fs_index (storage_config_id, key, name, name_fold, parent_key,
          is_directory, size, seen_generation)
        with recursive numbers(g) as (select 1 union all select g + 1 from numbers where g < ${many})
        select 's1', 'k/file-' || g, 'file-' || g, 'file-' || g, 'k', 0, 1, 0 from numbers`.execute(
        testDb.handle.db,
      );
      const branches = [{ storageConfigId: 's1', under: '', excluded: [] }];
      const broad = await repo.search({ folded: 'file', branches, limit: 5, offset: 0 });
      expect([broad.total, broad.capped, broad.hits.length]).toEqual([SEARCH_MATCHES_MAX, true, 5]);
      const narrow = await repo.search({ folded: 'file-1000', branches, limit: 50, offset: 0 });
      // file-1000 and file-10000 … file-10005 (≤ many): all counted, the exact name first.
      expect([narrow.total, narrow.capped, narrow.hits[0]?.name]).toEqual([7, false, 'file-1000']);
      const beyond = await repo.search({ folded: 'file-1000', branches, limit: 50, offset: 50 });
      expect([beyond.total, beyond.hits.length]).toEqual([7, 0]);
    } finally {
      await testDb.cleanup();
    }
  });
});
