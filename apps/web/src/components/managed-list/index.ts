/**
 * The managed-list scaffold shared by the admin listings of files and pastes: ManagedList
 * with its query hook, the cells the features' columns are made of, and the dialogs they share.
 * ResponsiveRows (table or phone cards) also serves lists without paging, such as API keys.
 */
export { ManagedList } from './ManagedList';
export type { ListPageResult, RowDialogs } from './ManagedList';
export { useListQuery, type ListQuery } from './use-list-query';
export type { CardLayout, ListColumn, ListKind } from './list-kind';
export { Cell } from './ListCells';
export type { DeleteList, DeleteRows } from './BatchDeleteDialog';
export { DialogFrame } from './DialogFrame';
export { LazyDialog } from './LazyDialog';
export { ShareQrDialog } from './ShareQrDialog';
export { offsetOf } from './paging';
export { namingOf, type RowRef } from './selection';
export { ResponsiveRows, type RowSelection } from './ResponsiveRows';
