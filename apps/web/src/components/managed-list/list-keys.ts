import { createContext, use } from 'react';
import type { TranslationResource } from '../../lib/i18n/resources';

type Texts<K extends string> = Record<K, string>;
type Plural<K extends string> = `${K}_${'one' | 'other'}`;

/**
 * The texts every managed list has under its own prefix in the locales. Rows are named by
 * `{{name}}` or `{{slug}}`; the list passes both (see namingOf).
 */
interface ManagedListTexts extends Texts<Plural<'deletedMany'>> {
  tableLabel: string;
  selectAll: string;
  selectRow: string;
  rowActions: string;
  openHint: string;
  opensInNewTab: string;
  expired: string;
  limitReached: string;
  loadFailed: string;
  linkCopied: string;
  copyFailed: string;
  deleted: string;
  search: Texts<'label' | 'placeholder' | 'tooShort' | 'clear'>;
  columns: Texts<'actions'>;
  empty: Texts<'title' | 'description' | 'descriptionKey'>;
  noMatches: Texts<'title' | 'description'>;
  paging: Texts<'label' | 'range' | 'page' | 'previous' | 'next' | 'first' | 'last' | 'perPage'>;
  actions: Texts<'open' | 'preview' | 'copyLink' | 'qr'>;
  selection: Texts<Plural<'deleteSelected'>>;
  deleteDialog: Texts<
    | 'title'
    | 'message'
    | 'confirm'
    | Plural<'batchTitle' | 'batchMessage' | 'more' | 'confirmBatch'>
  >;
}

type Resource = TranslationResource;

/** A locale prefix that holds every managed-list text, e.g. 'fileManagement'. */
export type ListKeyPrefix = {
  [K in keyof Resource]: Resource[K] extends ManagedListTexts ? K : never;
}[keyof Resource];

/** The key prefix of the managed list around a component; ManagedList provides it. */
export const ListKeysContext = createContext<ListKeyPrefix | undefined>(undefined);

/** The key prefix of the surrounding managed list, for `t(\`${keys}.expired\`)`. */
export function useListKeys(): ListKeyPrefix {
  const keys = use(ListKeysContext);
  if (keys === undefined) throw new Error('useListKeys needs a surrounding ManagedList');
  return keys;
}
