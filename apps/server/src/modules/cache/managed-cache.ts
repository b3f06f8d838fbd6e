import type { CacheStats, Permission } from '@pasteport/contract';

/**
 * An in-memory cache the admin can see and clear. Caches hold only data that can be read
 * again from the database, so clearing one never loses anything: it costs re-reads.
 */
export interface ManagedCache {
  readonly name: string;
  /**
   * The permission an API key needs to clear it through /api/user/cache/clear (the data it
   * holds is that area's); null when only the admin may.
   */
  readonly keyPermission: Permission | null;
  /** This instance's entries, limit, and lookups since start. */
  stats(): CacheStats;
  /** Empties it on every instance; resolves to the entries this instance dropped. */
  clearEverywhere(): Promise<number>;
  /**
   * For caches whose entries belong to storage configs (listings, search results): drops, on
   * every instance, only the entries of those storages; resolves to the entries this instance
   * dropped. A scoped clear (a mount, a storage config, an API key's own mounts) uses it.
   */
  readonly clearStorages?: (storageIds: readonly string[]) => Promise<number>;
}
