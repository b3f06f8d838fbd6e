/**
 * Messages between the page and the service worker (src/sw). Shared by both builds, so it
 * uses nothing but plain data.
 */

/** Asks a waiting service worker to take over (the person chose "reload to update"). */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

/**
 * Asks the service worker to cache files the page loaded before it was controlled (the first
 * visit): the page chunks and config.js of that visit then open offline too.
 */
export interface CacheUrlsMessage {
  type: 'CACHE_URLS';
  urls: string[];
}

export type ServiceWorkerMessage = SkipWaitingMessage | CacheUrlsMessage;

/** Runtime cache of hashed files under /assets/ that are not precached (page chunks, fonts). */
export const ASSETS_CACHE = 'pasteport-assets';
/** Runtime cache of /config.js, fetched network-first (static hosts edit it in place). */
export const CONFIG_CACHE = 'pasteport-config';

/** Whether a message is one the service worker understands (messages come from any page). */
export function isServiceWorkerMessage(data: unknown): data is ServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; urls?: unknown };
  if (message.type === 'SKIP_WAITING') return true;
  return (
    message.type === 'CACHE_URLS' &&
    Array.isArray(message.urls) &&
    message.urls.every((url) => typeof url === 'string')
  );
}
