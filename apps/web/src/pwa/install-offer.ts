import { INSTALL_PROMPT_RESHOW_MS } from '@pasteport/contract/plain';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage';

/**
 * When to offer installing the app (SPEC §4, §9): only while the browser says it can be
 * installed and it is not already running installed, and after a dismissal only once 7 days
 * have passed.
 */
export function shouldOfferInstall(input: {
  installable: boolean;
  installed: boolean;
  dismissedAt: number | undefined;
  now: number;
}): boolean {
  if (!input.installable || input.installed) return false;
  return (
    input.dismissedAt === undefined || input.now - input.dismissedAt >= INSTALL_PROMPT_RESHOW_MS
  );
}

/** When the person last chose "not now", or undefined. */
export function readInstallDismissedAt(): number | undefined {
  const stored = Number(readStored(STORAGE_KEYS.installDismissedAt));
  return Number.isFinite(stored) && stored > 0 ? stored : undefined;
}

/** Remembers a dismissal (or forgets it, once installed). */
export function writeInstallDismissedAt(at: number | undefined): void {
  if (at === undefined) removeStored(STORAGE_KEYS.installDismissedAt);
  else writeStored(STORAGE_KEYS.installDismissedAt, String(at));
}
