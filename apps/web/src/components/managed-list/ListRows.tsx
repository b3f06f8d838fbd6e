import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectRowCheckbox } from './ListCells';
import type { ListKind } from './list-kind';
import { useListKeys } from './list-keys';
import { ResponsiveRows } from './ResponsiveRows';
import { pageSelection } from './selection';

/**
 * The rows of one page: a table on wider screens (the columns that fit, the actions always
 * in view), one card per row on a phone (no sideways scrolling, the menu in reach).
 */
export function ListRows<Row extends { id: string; slug: string }>({
  kind,
  rows,
  now,
  selected,
  onToggle,
  onToggleAll,
  renderMenu,
}: {
  kind: ListKind<Row>;
  rows: readonly Row[];
  /** The moment the page was loaded. */
  now: number;
  selected: ReadonlySet<string>;
  onToggle: (row: Row, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  renderMenu: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  const { all, some } = pageSelection(rows, selected);
  const rowTestId = `${kind.testIdPrefix}-row`;
  return (
    <ResponsiveRows
      columns={kind.columns}
      card={kind.card}
      rows={rows}
      now={now}
      label={t(`${keys}.tableLabel`)}
      actionsLabel={t(`${keys}.columns.actions`)}
      rowAttributes={(row) => ({ 'data-testid': rowTestId, 'data-slug': row.slug })}
      renderMenu={renderMenu}
      selection={{
        allLabel: t(`${keys}.selectAll`),
        all,
        some,
        onToggleAll,
        isSelected: (row) => selected.has(row.id),
        checkbox: (row, size) => (
          <SelectRowCheckbox
            size={size}
            row={kind.refOf(row)}
            checked={selected.has(row.id)}
            onToggle={(checked) => onToggle(row, checked)}
          />
        ),
      }}
    />
  );
}
