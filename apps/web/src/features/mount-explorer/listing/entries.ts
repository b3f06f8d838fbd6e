import type { FsItem } from '@pasteport/contract';

/** What the listing can be ordered by (folders always come first). */
export const SORT_KEYS = ['name', 'size', 'modified', 'type'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortOrder = { key: 'name', direction: 'asc' };

/** Names compare as people read them: case-insensitive, digits by value (file2 < file10). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The lower-cased extension of a name ('' for none, and for dot-files such as `.env`). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function compareBy(key: SortKey): (a: FsItem, b: FsItem) => number {
  switch (key) {
    case 'size':
      return (a, b) => a.size - b.size;
    case 'modified':
      // Unknown dates (most folders) sort as the oldest.
      return (a, b) => (a.modified ?? '').localeCompare(b.modified ?? '');
    case 'type':
      return (a, b) => collator.compare(extensionOf(a.name), extensionOf(b.name));
    case 'name':
      return () => 0;
  }
}

/**
 * The entries in the chosen order: folders before files whatever the order (as every file
 * manager does), ties broken by name so the order is total and stable between renders.
 */
export function sortEntries(items: readonly FsItem[], order: SortOrder): FsItem[] {
  const primary = compareBy(order.key);
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
    const byKey = primary(a, b) * sign;
    if (byKey !== 0) return byKey;
    const byName = collator.compare(a.name, b.name) * (order.key === 'name' ? sign : 1);
    return byName !== 0 ? byName : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/** The entries whose name holds the filter text (any case, any accent form). */
export function filterEntries(items: readonly FsItem[], text: string): readonly FsItem[] {
  const wanted = text.trim().normalize('NFC').toLocaleLowerCase();
  if (wanted === '') return items;
  return items.filter((item) => item.name.normalize('NFC').toLocaleLowerCase().includes(wanted));
}

/** Whether the order needs every page of the folder (only the server's name order streams). */
export function needsAllPages(order: SortOrder, filter: string): boolean {
  return order.key !== 'name' || order.direction !== 'asc' || filter.trim() !== '';
}
