import { readStored, removeStored, writeStored } from '../../lib/storage';
import { DEFAULT_OPTIONS, sanitizeOptions, type ShareOptions } from './share-form';

/** localStorage key of the Home draft (text, mode and options, never the password). */
export const DRAFT_STORAGE_KEY = 'pasteport.draft';

/** localStorage key of the expiry and view limit last shared with, offered next time. */
export const SHARE_DEFAULTS_STORAGE_KEY = 'pasteport.shareDefaults';

/** What the Home page keeps between visits. */
export interface Draft {
  content: string;
  markdown: boolean;
  options: ShareOptions;
  /** ISO-8601 instant of the save. */
  savedAt: string;
}

/**
 * How a save went: kept, removed (no text left to keep), refused for size (quota), or storage
 * unavailable altogether.
 */
export type SaveOutcome = 'saved' | 'cleared' | 'tooLarge' | 'unavailable';

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** The saved draft, or undefined when there is none (or it is unreadable or empty). */
export function readDraft(): Draft | undefined {
  const stored = parseJson(readStored(DRAFT_STORAGE_KEY));
  if (typeof stored !== 'object' || stored === null) return undefined;
  const record = stored as Record<string, unknown>;
  if (typeof record.content !== 'string' || record.content === '') return undefined;
  return {
    content: record.content,
    markdown: record.markdown !== false,
    options: sanitizeOptions(record.options),
    savedAt: typeof record.savedAt === 'string' ? record.savedAt : new Date().toISOString(),
  };
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

/**
 * Saves the draft without its password; empty text removes the draft instead. Storage can be
 * full (a large paste) or blocked (private modes): both are reported, never thrown.
 */
export function saveDraft(draft: Omit<Draft, 'savedAt'>, now: Date): SaveOutcome {
  if (draft.content.trim() === '') {
    clearDraft();
    return 'cleared';
  }
  const payload = JSON.stringify({
    content: draft.content,
    markdown: draft.markdown,
    options: { ...draft.options, password: undefined },
    savedAt: now.toISOString(),
  });
  try {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, payload);
    return 'saved';
  } catch (error) {
    return isQuotaError(error) ? 'tooLarge' : 'unavailable';
  }
}

/** Forgets the draft (after sharing, or when the user clears it). */
export function clearDraft(): void {
  removeStored(DRAFT_STORAGE_KEY);
}

type RememberedOptions = Pick<ShareOptions, 'expiry' | 'customAmount' | 'customUnit' | 'maxViews'>;

/** Remembers the expiry and view limit just used, as the next paste's defaults. */
export function saveShareDefaults(options: ShareOptions): void {
  const remembered: RememberedOptions = {
    expiry: options.expiry,
    customAmount: options.customAmount,
    customUnit: options.customUnit,
    maxViews: options.maxViews,
  };
  writeStored(SHARE_DEFAULTS_STORAGE_KEY, JSON.stringify(remembered));
}

/** Options for a new paste: the built-in defaults with the remembered expiry and view limit. */
export function newPasteOptions(): ShareOptions {
  const stored = parseJson(readStored(SHARE_DEFAULTS_STORAGE_KEY));
  const remembered = sanitizeOptions(stored);
  if (stored === undefined) return DEFAULT_OPTIONS;
  return {
    ...DEFAULT_OPTIONS,
    expiry: remembered.expiry,
    customAmount: remembered.customAmount,
    customUnit: remembered.customUnit,
    maxViews: remembered.maxViews,
  };
}
