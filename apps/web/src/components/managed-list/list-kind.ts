import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DeleteList } from './BatchDeleteDialog';
import type { ListKeyPrefix } from './list-keys';
import type { RowRef } from './selection';

/** What a row menu item does; the managed list copies the link or opens the matching dialog. */
export type RowAction = 'preview' | 'copyLink' | 'qr' | 'edit' | 'delete';

/** A row's own dialog, opened from its menu. */
export type RowDialogKind = 'preview' | 'qr' | 'edit';

/** One column of a managed list: its header and how a row shows in it. */
export interface ListColumn<Row> {
  /** Names the column in the card layout. */
  id: string;
  header: string;
  /** The px the column needs in the table, cell padding included (see columnsThatFit). */
  width: number;
  /** Higher gives way first when the table is narrow; without one the column always shows. */
  priority?: number;
  /** Widest the table cell grows; longer text truncates with a tooltip. */
  maw?: number;
  /** `now` is the moment the page was loaded, for "expired" and relative times. */
  cell: (row: Row, now: number) => ReactNode;
  /** How the value shows on a card, where that differs from the table cell. */
  cardCell?: (row: Row, now: number) => ReactNode;
  /** On a card the value follows its column name, as cards have no header row. */
  labelledOnCard?: boolean;
}

/**
 * Where a phone card puts the columns, by id: the title beside the checkbox, then one line
 * each; a line of several columns wraps as a group. Ids of columns left out (e.g. the
 * creator for a key user) are skipped.
 */
export interface CardLayout {
  title: string;
  lines: readonly (readonly string[])[];
}

/** What tells one managed list from another: its texts, test ids, links and how rows look. */
export interface ListKind<Row> {
  /** Locale prefix of the list's texts, e.g. 'fileManagement'. */
  keys: ListKeyPrefix;
  /** 'file' names the test ids file-row and file-total (the e2e suite finds them). */
  testIdPrefix: string;
  refOf: (row: Row) => RowRef;
  /** A row's public page (opened from the menu), and its absolute share link. */
  pathOf: (slug: string) => string;
  shareUrlOf: (slug: string) => string;
  /** Shown when there are no rows at all. */
  emptyIcon: Icon;
  /** In table order. */
  columns: readonly ListColumn<Row>[];
  card: CardLayout;
  /** The row menu's items between "Open" and "Delete", in order. */
  menu: readonly Exclude<RowAction, 'delete'>[];
  /** How a batch delete names the rows. */
  deleteList: DeleteList;
}
