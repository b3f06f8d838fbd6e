import { readStored, writeStored } from '../../../lib/storage';

/** How the listing shows a folder (remembered across visits). */
export const VIEW_MODES = ['list', 'grid', 'gallery'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export const VIEW_MODE_STORAGE_KEY = 'pasteport.explorer.view';

export function readViewMode(): ViewMode {
  const stored = readStored(VIEW_MODE_STORAGE_KEY);
  return (VIEW_MODES as readonly string[]).includes(stored ?? '') ? (stored as ViewMode) : 'list';
}

export function writeViewMode(mode: ViewMode): void {
  writeStored(VIEW_MODE_STORAGE_KEY, mode);
}
