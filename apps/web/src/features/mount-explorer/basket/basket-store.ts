import { isRecord } from '@pasteport/contract/plain';
import { apiBaseUrl } from '../../../lib/api';
import type { AuthSession } from '../../../lib/auth';
import { readStored, removeStored, writeStored } from '../../../lib/storage';
import { addToBasket, type BasketEntry } from './basket-rules';

/** Prefix of every basket key in localStorage; one key per identity and API. */
export const BASKET_STORAGE_PREFIX = 'pasteport.basket.';

const EMPTY: readonly BasketEntry[] = Object.freeze([]);

/**
 * The localStorage key of the signed-in identity's basket, or undefined when signed out. The
 * API base is part of it: the environment switcher can point the same admin at another server,
 * whose paths mean other files.
 */
export function basketStorageKey(session: AuthSession, apiBase = apiBaseUrl()): string | undefined {
  if (session.type === 'admin')
    return `${BASKET_STORAGE_PREFIX}admin:${session.username}@${apiBase}`;
  if (session.type === 'apikey')
    return `${BASKET_STORAGE_PREFIX}apikey:${session.info.id}@${apiBase}`;
  return undefined;
}

function isStoredEntry(value: unknown): value is BasketEntry {
  if (!isRecord(value)) return false;
  const { path, name, isDirectory, size } = value;
  const sizeOk = size === null || (typeof size === 'number' && Number.isFinite(size) && size >= 0);
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    typeof name === 'string' &&
    typeof isDirectory === 'boolean' &&
    sizeOk
  );
}

/**
 * A stored basket: anything that is not a JSON array reads as empty, malformed entries are left
 * out, and the rest go through the basket rules again (a hand edit may break them).
 */
export function parseStoredBasket(raw: string | undefined): readonly BasketEntry[] {
  if (raw === undefined) return EMPTY;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(data)) return EMPTY;
  const entries = data.filter(isStoredEntry).map(({ path, name, isDirectory, size }) => ({
    path,
    name,
    isDirectory,
    size,
  }));
  return addToBasket([], entries).entries;
}

// The parsed basket per key with the text it came from: useSyncExternalStore needs the same
// array back until the stored text changes (here or in another tab).
const parsed = new Map<string, { raw: string | undefined; entries: readonly BasketEntry[] }>();
// What this tab wrote when storage refused it (private mode, quota): the basket still works
// until reload.
const unsaved = new Map<string, string>();
const listeners = new Set<() => void>();

/** The basket kept under `key`; the same array while nothing changed; empty when signed out. */
export function readBasket(key: string | undefined): readonly BasketEntry[] {
  if (key === undefined) return EMPTY;
  const raw = unsaved.get(key) ?? readStored(key);
  const known = parsed.get(key);
  if (known && known.raw === raw) return known.entries;
  const entries = parseStoredBasket(raw);
  parsed.set(key, { raw, entries });
  return entries;
}

/** Stores the basket under `key` (an empty one is removed) and tells this tab's subscribers. */
export function writeBasket(key: string, entries: readonly BasketEntry[]): void {
  unsaved.delete(key);
  if (entries.length === 0) removeStored(key);
  else {
    const raw = JSON.stringify(entries);
    if (!writeStored(key, raw)) unsaved.set(key, raw);
  }
  for (const listener of [...listeners]) listener();
}

/**
 * Calls `listener` when a basket changes in this tab or in another one (the `storage` event
 * fires only in the other tabs; `key: null` means their storage was cleared).
 */
export function subscribeBasket(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(BASKET_STORAGE_PREFIX)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
