import type { RefreshIndexResponse } from '@pasteport/contract';
import type { Logger } from 'pino';
import type { JobDefinition } from '../../jobs/job.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { CrawlState, FsIndexRepository } from './fs-index.repository.js';
import { indexRows } from './fs-indexer.js';

const MINUTE = 60_000;
/** A storage is crawled again this long after its last crawl finished. */
export const CRAWL_INTERVAL_MS = 6 * 60 * MINUTE;
/** Keys per listing page (the drivers' maximum). */
export const CRAWL_PAGE_LIMIT = 1000;
/** Pages one run of the job handles; the next run goes on from the saved cursor. */
export const CRAWL_PAGES_PER_RUN = 200;
/** A run starts no new page after this long, so a shutdown never waits on a long crawl. */
export const CRAWL_RUN_MS = 20_000;

/** What the crawl reads of a mount. */
interface MountOfStorage {
  id: string;
  storage_config_id: string;
}

export interface FsCrawlDeps {
  repo: FsIndexRepository;
  /** The mounts (the mount repository fits it). */
  mounts: {
    list(): Promise<readonly MountOfStorage[]>;
    listActive(): Promise<readonly MountOfStorage[]>;
    findById(id: string): Promise<MountOfStorage | undefined>;
    markRefreshed(id: string, at: string): Promise<void>;
  };
  storage: { getDriver(id: string): Promise<Pick<StorageDriver, 'list'>> };
  /** The storage configs that exist (a crawl state of a deleted one is dropped). */
  storageConfigIds: () => Promise<string[]>;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  /**
   * Told when the crawl changed a storage's index (a finished crawl; a pass that saved pages of
   * an unfinished one), so cached search results of that storage are dropped.
   */
  onIndexChanged?: (storageConfigId: string) => Promise<void>;
  pageLimit?: number;
  pagesPerRun?: number;
}

/**
 * The background crawl of the search index: walks every storage an active mount shows, page by
 * page (`list('')`, all keys), so objects written by other tools appear and deleted ones go.
 * Each page and the cursor after it are saved in one transaction, so a crawl cut off by a
 * restart goes on where it stopped. A finished crawl deletes the rows it did not see and sets
 * `last_refresh` on every mount of the storage.
 */
export function createFsCrawl(deps: FsCrawlDeps) {
  const pageLimit = deps.pageLimit ?? CRAWL_PAGE_LIMIT;
  const now = () => deps.clock.now().toISOString();

  function isDue(state: CrawlState | undefined): boolean {
    if (!state?.finished_at) return true;
    if (state.running === 1) return true;
    if (state.requested_at !== null) return true;
    return Date.parse(state.finished_at) + CRAWL_INTERVAL_MS <= deps.clock.now().getTime();
  }

  /** Crawls one page of a storage (starting a crawl if none runs); true when it finished. */
  async function crawlPage(storageConfigId: string): Promise<boolean> {
    const state = await deps.repo.getState(storageConfigId);
    const generation =
      state?.running === 1 ? state.generation : await deps.repo.start(storageConfigId, now());
    const cursor = state?.running === 1 ? state.cursor : null;
    const driver = await deps.storage.getDriver(storageConfigId);
    const page = await driver.list('', { cursor, limit: pageLimit });
    const rows = indexRows(
      page.objects.map((object) => ({
        key: object.key,
        isDirectory: false,
        size: object.size,
        modified: object.lastModified,
      })),
    );
    await deps.repo.savePage(storageConfigId, generation, rows, page.nextCursor);
    if (page.nextCursor !== null) return false;
    const gone = await deps.repo.finish(storageConfigId, generation, now());
    const at = now();
    for (const mount of await deps.mounts.list()) {
      if (mount.storage_config_id === storageConfigId)
        await deps.mounts.markRefreshed(mount.id, at);
    }
    deps.logger.info({ storageConfigId, generation, gone }, 'search index crawl finished');
    await deps.onIndexChanged?.(storageConfigId);
    return true;
  }

  /** One pass: every due storage, up to the page budget; answers what it did. */
  async function runDue(): Promise<Record<string, number>> {
    const budget = deps.pagesPerRun ?? CRAWL_PAGES_PER_RUN;
    const stopAt = deps.clock.now().getTime() + CRAWL_RUN_MS;
    let pages = 0;
    const more = () => pages < budget && deps.clock.now().getTime() < stopAt;
    let finished = 0;
    const existing = new Set(await deps.storageConfigIds());
    const states = new Map((await deps.repo.listStates()).map((s) => [s.storage_config_id, s]));
    for (const id of states.keys()) {
      if (!existing.has(id)) await deps.repo.dropStorage(id);
    }
    const storages = new Set((await deps.mounts.listActive()).map((m) => m.storage_config_id));
    let failed = 0;
    for (const id of storages) {
      if (!isDue(states.get(id))) continue;
      let done = false;
      let saved = 0;
      try {
        while (!done && more()) {
          done = await crawlPage(id);
          pages++;
          saved++;
        }
        // A finished crawl told it already; pages of an unfinished one changed the index too.
        if (!done && saved > 0) await deps.onIndexChanged?.(id);
      } catch (err) {
        // One unreachable storage does not hold the others back; its cursor stays for the
        // next pass.
        deps.logger.warn({ err, storageConfigId: id }, 'search index crawl failed');
        failed++;
      }
      if (done) finished++;
      if (!more()) break;
    }
    return { pages, finished, failed };
  }

  return {
    crawlPage,
    runDue,
    /**
     * Asks for a crawl of a mount's storage at the job's next pass (every minute); a running
     * crawl goes on. Answers the storage.
     */
    async requestForMount(mountId: string): Promise<RefreshIndexResponse> {
      const mount = await deps.mounts.findById(mountId);
      if (!mount) throw new AppError('NOT_FOUND', 'mount not found');
      const requestedAt = now();
      await deps.repo.request(mount.storage_config_id, requestedAt);
      return { storage_config_id: mount.storage_config_id, requested_at: requestedAt };
    },
  };
}

export type FsCrawl = ReturnType<typeof createFsCrawl>;

/** The crawl as a scheduled job: a pass every minute, on one instance at a time. */
export function fsCrawlJob(crawl: Pick<FsCrawl, 'runDue'>): JobDefinition {
  return {
    id: 'crawl-search-index',
    everyMs: MINUTE,
    leaseMs: 15 * MINUTE,
    run: () => crawl.runDue(),
  };
}
