/** Time caps of this module's outbound fetches (ARCHITECTURE §5: size and time capped). */
export const URL_FETCH_LIMITS = {
  /** url/info: HEAD and its ranged-GET fallback together. */
  infoMs: 15_000,
  /** url/import: the wait for the response head, inside the request that starts the import. */
  importHeadersMs: 15_000,
  /** proxy and import: a whole transfer (large files over slow links take hours). */
  transferMs: 6 * 60 * 60 * 1000,
  /** proxy and import: no byte for this long means the transfer has stalled. */
  idleMs: 60_000,
  /** Ended import tasks answer progress reads for this long, then are forgotten. */
  taskRetentionMs: 60 * 60 * 1000,
  /** Seconds a client is told to wait when every import slot is taken. */
  retryAfterSeconds: 30,
} as const;
