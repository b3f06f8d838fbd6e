import { Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectRowCheckbox } from './ListCells';
import type { ListColumn, ListKind } from './list-kind';
import { useListKeys } from './list-keys';
import { pageSelection } from './selection';
import { useIsPhone } from './use-is-phone';

/** A value with its column name before it, as the cards have no header row. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** One column's value as a card shows it. */
function cardValue<Row>(column: ListColumn<Row>, row: Row, now: number): ReactNode {
  const value = (column.cardCell ?? column.cell)(row, now);
  return column.labelledOnCard ? <Labelled label={column.header}>{value}</Labelled> : value;
}

/** One line of a card; several values wrap as a group. */
function CardLine<Row>({
  columns,
  row,
  now,
}: {
  columns: readonly ListColumn<Row>[];
  row: Row;
  now: number;
}) {
  const values = columns.map((column) => (
    <Fragment key={column.id}>{cardValue(column, row, now)}</Fragment>
  ));
  // A lone value is not put in a group, where long text would no longer truncate.
  if (values.length === 1) return values;
  return (
    <Group gap="md" wrap="wrap">
      {values}
    </Group>
  );
}

/**
 * The rows of one page: a table on wider screens (it scrolls sideways inside its own
 * container), one card per row on a phone (no sideways scrolling, the menu in reach).
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
  const isPhone = useIsPhone();
  const { all, some } = pageSelection(rows, selected);
  const rowTestId = `${kind.testIdPrefix}-row`;
  const selectAll = {
    checked: all,
    indeterminate: some,
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      onToggleAll(event.currentTarget.checked),
  };
  const selectRow = (row: Row, size?: 'md') => (
    <SelectRowCheckbox
      size={size}
      row={kind.refOf(row)}
      checked={selected.has(row.id)}
      onToggle={(checked) => onToggle(row, checked)}
    />
  );

  if (isPhone) {
    const columns = new Map(kind.columns.map((column) => [column.id, column]));
    const title = columns.get(kind.card.title);
    const lines = kind.card.lines.flatMap((ids) => {
      const shown = ids.flatMap((id) => columns.get(id) ?? []);
      return shown.length > 0 ? [{ key: ids.join(' '), columns: shown }] : [];
    });
    return (
      <Stack gap="sm">
        <Checkbox size="md" label={t(`${keys}.selectAll`)} {...selectAll} />
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t(`${keys}.tableLabel`)}>
          {rows.map((row) => (
            <Card
              component="li"
              key={row.id}
              withBorder
              padding="sm"
              data-testid={rowTestId}
              data-slug={row.slug}
              style={{ listStyle: 'none' }}
            >
              <Stack gap={6}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    {selectRow(row, 'md')}
                    {title ? cardValue(title, row, now) : null}
                  </Group>
                  {renderMenu(row)}
                </Group>
                {lines.map((line) => (
                  <CardLine key={line.key} columns={line.columns} row={row} now={now} />
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={kind.tableMinWidth}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t(`${keys}.tableLabel`)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label={t(`${keys}.selectAll`)} {...selectAll} />
            </Table.Th>
            {kind.columns.map((column) => (
              <Table.Th key={column.id}>{column.header}</Table.Th>
            ))}
            <Table.Th w={56}>
              <VisuallyHidden>{t(`${keys}.columns.actions`)}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid={rowTestId}
              data-slug={row.slug}
              bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>{selectRow(row)}</Table.Td>
              {kind.columns.map((column) => (
                <Table.Td key={column.id} maw={column.maw}>
                  {column.cell(row, now)}
                </Table.Td>
              ))}
              <Table.Td>{renderMenu(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
