import {
  isWithinPath,
  mountStorageTypeOf,
  type FsSearchQuery,
  type FsSearchResponse,
  type MountStorageType,
} from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import { findMount, mountsFor, resolvePath, visibilityOf } from '../../vfs/mount-space.js';
import { normalizePath } from '../../vfs/path.js';
import type { ActiveMount } from '../../vfs/mount-table.js';
import type { FsIndexRepository, SearchBranch } from './fs-index.repository.js';
import type { SearchCache } from './search-cache.js';

export interface SearchServiceDeps {
  repo: Pick<FsIndexRepository, 'search'>;
  mounts: { active(): Promise<readonly ActiveMount[]> };
  storageTypeOf: (storageConfigId: string) => Promise<MountStorageType>;
  /** Result pages, per caller reach and query (search-cache.ts); none: every search is read. */
  cache?: Pick<SearchCache, 'get' | 'mark' | 'put'>;
}

/**
 * The cache key of a search: the caller's reach (the admin '', an API key its basic path;
 * which mounts a key may see otherwise depends on nothing of the key) and every query field.
 * Null for callers whose results are not cached.
 */
function cacheKeyOf(actor: Actor, query: FsSearchQuery): string | null {
  const reach = actor.kind === 'admin' ? '' : actor.kind === 'apikey' ? actor.basicPath : null;
  if (reach === null) return null;
  return JSON.stringify([
    reach,
    query.q.toLowerCase(),
    query.scope,
    query.mount_id ?? null,
    query.path ?? null,
    query.limit,
    query.offset,
  ]);
}

/** The key of `path` below a mount path ('' for the mount root). */
function keyBelow(mountPath: string, path: string): string {
  if (path === mountPath) return '';
  return path.slice(mountPath === '/' ? 1 : mountPath.length + 1);
}

function joinPath(mountPath: string, key: string): string {
  return mountPath === '/' ? `/${key}` : `${mountPath}/${key}`;
}

/** A place of the index, with the mount whose path it is shown under. */
interface MountBranch extends SearchBranch {
  mount: ActiveMount;
}

/**
 * What of each mount lies within `within` (a path every result must be below): the mount's
 * storage, below the folder `within` names in it, minus the folders nested mounts show (a path
 * belongs to the deepest mount, as mount-space.ts resolves it).
 */
export function branchesWithin(mounts: readonly ActiveMount[], within: string): MountBranch[] {
  const branches: MountBranch[] = [];
  // The mount `within` lies in, if any: the deepest, as paths resolve.
  const owner = findMount(mounts, within);
  for (const mount of mounts) {
    let under: string;
    if (isWithinPath(within, mount.mount_path)) under = '';
    else if (owner?.mount === mount) under = owner.key;
    else continue;
    const excluded = mounts
      .filter((other) => other !== mount && other.mount_path !== mount.mount_path)
      .filter((other) => isWithinPath(mount.mount_path, other.mount_path))
      .map((other) => keyBelow(mount.mount_path, other.mount_path));
    branches.push({ mount, storageConfigId: mount.storage_config_id, under, excluded });
  }
  return branches;
}

/**
 * File-system search (SPEC §3, §5): names containing the keyword, only where the caller may
 * see. The caller's reach is turned into key ranges per visible mount and the database filters
 * by them (fs-index.repository.ts): nothing outside is ever read, so nothing can leak through
 * a count or a page.
 */
export function createSearchService(deps: SearchServiceDeps) {
  /** The path all results must lie below, for the scope and the caller. */
  function scopePath(actor: Actor, query: FsSearchQuery, mounts: readonly ActiveMount[]) {
    const reach = actor.kind === 'apikey' ? actor.basicPath : '/';
    if (query.scope === 'global') return { within: reach, only: null };
    if (query.scope === 'mount') {
      if (query.mount_id === undefined || query.mount_id === '') {
        throw new AppError('VALIDATION_FAILED', 'mount_id: required with scope mount', {
          details: [{ field: 'mount_id', rule: 'required', message: 'required with scope mount' }],
        });
      }
      const mount = mounts.find((m) => m.id === query.mount_id);
      // A mount outside the caller's reach is as absent as an unknown one.
      if (!mount || visibilityOf(actor, mount.mount_path) === 'none') {
        throw new AppError('NOT_FOUND', 'mount not found');
      }
      return { within: deeper(reach, mount.mount_path), only: mount };
    }
    if (query.path === undefined || query.path === '') {
      throw new AppError('VALIDATION_FAILED', 'path: required with scope directory', {
        details: [{ field: 'path', rule: 'required', message: 'required with scope directory' }],
      });
    }
    const path = normalizePath(query.path, 'path');
    // PATH_FORBIDDEN outside the caller's reach, NOT_FOUND where no mount lies.
    resolvePath(mounts, actor, path);
    return { within: deeper(reach, path), only: null };
  }

  return {
    async search(actor: Actor, query: FsSearchQuery): Promise<FsSearchResponse> {
      const { cache } = deps;
      // Read before anything of the query: a drop heard from here on keeps its page out.
      const since = cache?.mark() ?? 0;
      const mounts = mountsFor(actor, await deps.mounts.active());
      // Checked first, cached or not: a scope outside the caller's reach is refused alike.
      const { within, only } = scopePath(actor, query, mounts);
      const key = cache ? cacheKeyOf(actor, query) : null;
      const cached = key === null ? undefined : cache?.get(key);
      if (cached) return cached;
      const branches = branchesWithin(mounts, within).filter(
        (branch) => only === null || branch.mount === only,
      );
      const response = await runQuery(query, branches);
      if (key !== null) {
        cache?.put(
          key,
          response,
          branches.map((branch) => branch.storageConfigId),
          since,
        );
      }
      return response;
    },
  };

  async function runQuery(
    query: FsSearchQuery,
    branches: readonly MountBranch[],
  ): Promise<FsSearchResponse> {
    const { hits, total, capped } = await deps.repo.search({
      folded: query.q.toLowerCase(),
      branches,
      limit: query.limit,
      offset: query.offset,
    });
    const types = new Map<string, MountStorageType>();
    for (const hit of hits) {
      const id = branches[hit.branch]!.storageConfigId;
      if (!types.has(id)) types.set(id, await deps.storageTypeOf(id));
    }
    const results = hits.map((hit) => {
      const { mount } = branches[hit.branch]!;
      return {
        name: hit.name,
        path: joinPath(mount.mount_path, hit.key),
        size: hit.size,
        modified: hit.modified,
        isDirectory: hit.is_directory === 1,
        contentType: hit.content_type,
        mount_id: mount.id,
        mount_name: mount.name,
        storage_type: types.get(mount.storage_config_id)!,
      };
    });
    return { results, total, hasMore: query.offset + results.length < total, capped };
  }
}

/** The deeper of two paths on one line (a key's reach and a scope); the caller checked it. */
function deeper(a: string, b: string): string {
  if (isWithinPath(a, b)) return b;
  if (isWithinPath(b, a)) return a;
  throw new AppError('PATH_FORBIDDEN', `${b} is outside the paths this API key may reach`);
}

export type SearchService = ReturnType<typeof createSearchService>;

/** The storage type of a storage config, for search results. */
export function storageTypeFrom(storage: {
  getConfig(id: string): Promise<{ driver: 'local' | 's3' }>;
}) {
  return async (id: string) => mountStorageTypeOf((await storage.getConfig(id)).driver);
}
