/** Keys of everything the web app keeps in localStorage (SPEC §3: sessions live there only). */
export const STORAGE_KEYS = {
  theme: 'pasteport.theme',
  language: 'pasteport.language',
  /** The API base the environment switcher chose (SPEC §2); absent → the configured one. */
  apiHost: 'pasteport.apiHost',
  /** When the install prompt was last dismissed (ms since the epoch; SPEC §9: 7 days). */
  installDismissedAt: 'pasteport.installDismissedAt',
} as const;

/** Prefix of every auth key; a `storage` event under it means another tab signed in or out. */
export const AUTH_STORAGE_PREFIX = 'pasteport.auth.';

/** Keys of the persisted sign-in (SPEC §3 Auth state); logout removes all of them. */
export const AUTH_STORAGE_KEYS = {
  /** 'admin' or 'apikey'; written last on sign-in and removed first on sign-out. */
  type: `${AUTH_STORAGE_PREFIX}type`,
  adminToken: `${AUTH_STORAGE_PREFIX}adminToken`,
  adminUsername: `${AUTH_STORAGE_PREFIX}adminUsername`,
  adminExpiresAt: `${AUTH_STORAGE_PREFIX}adminExpiresAt`,
  apiKey: `${AUTH_STORAGE_PREFIX}apiKey`,
  /** JSON {text, file, mount}. */
  apiKeyPermissions: `${AUTH_STORAGE_PREFIX}apiKeyPermissions`,
  /** JSON {id, name, basic_path}. */
  apiKeyInfo: `${AUTH_STORAGE_PREFIX}apiKeyInfo`,
} as const;

/** Reads a string from localStorage; undefined when absent or when storage is blocked. */
export function readStored(key: string): string | undefined {
  try {
    return window.localStorage.getItem(key) ?? undefined;
  } catch {
    // Private browsing and sandboxed iframes can throw on any storage access.
    return undefined;
  }
}

/** Writes a string to localStorage; returns false when storage is blocked or full. */
export function writeStored(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a key from localStorage, ignoring blocked storage. */
export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
