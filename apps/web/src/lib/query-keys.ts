/**
 * Query keys two features share. Everything of the file system (listings, entry info, file
 * links) lives under FS_QUERY_KEY, so a write or a finished task refreshes all of it at once;
 * the task list lives under TASKS_QUERY_KEY, which whoever starts a task invalidates (nothing
 * polls while no task is active).
 */
export const FS_QUERY_KEY = ['fs'] as const;
export const TASKS_QUERY_KEY = ['tasks'] as const;
/**
 * The mount explorer's recent searches, kept on this device: the explorer reads them, and
 * forgetting this device's offline data (components/offline-data) refreshes them.
 */
export const SEARCH_HISTORY_QUERY_KEY = ['search-history'] as const;
