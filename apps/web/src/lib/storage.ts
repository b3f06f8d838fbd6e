/** Keys of everything the web app keeps in localStorage (SPEC §3: sessions live there only). */
export const STORAGE_KEYS = {
  theme: 'pasteport.theme',
  language: 'pasteport.language',
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
