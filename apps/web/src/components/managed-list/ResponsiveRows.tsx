import { Box, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { TOUCH_TARGET_PX } from '../sizes';
import { columnsThatFit, widthOf } from './column-fit';
import type { CardLayout, ListColumn } from './list-kind';
import { useIsPhone } from './use-is-phone';

/** The checkbox column and the actions column, cell padding included. */
const CHECKBOX_PX = 60;
const ACTIONS_PX = TOUCH_TARGET_PX + 20;

/** The actions stay at the right edge of the table, in view even when it scrolls sideways. */
const STICKY_END = {
  position: 'sticky',
  insetInlineEnd: 0,
  backgroundColor: 'var(--mantine-color-body)',
} as const;

/** A value with its column name before it, as the cards have no header row. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
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

/** Picking rows for a batch action, when the list has one. */
export interface RowSelection<Row> {
  /** Names the box that picks every row of the page. */
  allLabel: string;
  all: boolean;
  some: boolean;
  onToggleAll: (checked: boolean) => void;
  isSelected: (row: Row) => boolean;
  /** The box that picks one row; `md` on a card. */
  checkbox: (row: Row, size?: 'md') => ReactNode;
}

/** Props of ResponsiveRows. */
export interface ResponsiveRowsProps<Row> {
  columns: readonly ListColumn<Row>[];
  card: CardLayout;
  rows: readonly Row[];
  /** The moment the rows were loaded, for "expired" and relative times. */
  now: number;
  /** Names the table, or the list of cards. */
  label: string;
  /** Names the actions column for screen readers. */
  actionsLabel: string;
  /** Test ids and data attributes of a row (or card). */
  rowAttributes: (row: Row) => Record<`data-${string}`, string>;
  renderMenu: (row: Row) => ReactNode;
  selection?: RowSelection<Row>;
}

/**
 * Rows as a table on wider screens, one card per row on a phone. The table shows the columns
 * that fit its width (the least important give way first), headers never wrap, and the row
 * actions stay in view at its right edge.
 */
export function ResponsiveRows<Row extends { id: string }>(props: ResponsiveRowsProps<Row>) {
  return useIsPhone() ? <RowCards {...props} /> : <RowsTable {...props} />;
}

function RowCards<Row extends { id: string }>({
  columns,
  card,
  rows,
  now,
  label,
  rowAttributes,
  renderMenu,
  selection,
}: ResponsiveRowsProps<Row>) {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const title = byId.get(card.title);
  const lines = card.lines.flatMap((ids) => {
    const shown = ids.flatMap((id) => byId.get(id) ?? []);
    return shown.length > 0 ? [{ key: ids.join(' '), columns: shown }] : [];
  });
  return (
    <Stack gap="sm">
      {selection ? (
        <Checkbox
          size="md"
          label={selection.allLabel}
          checked={selection.all}
          indeterminate={selection.some}
          onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
        />
      ) : null}
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={label}>
        {rows.map((row) => (
          <Card
            component="li"
            key={row.id}
            withBorder
            padding="sm"
            {...rowAttributes(row)}
            style={{ listStyle: 'none' }}
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  {selection?.checkbox(row, 'md')}
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

function RowsTable<Row extends { id: string }>({
  columns,
  rows,
  now,
  label,
  actionsLabel,
  rowAttributes,
  renderMenu,
  selection,
}: ResponsiveRowsProps<Row>) {
  const { ref, width } = useElementSize();
  const fixed = ACTIONS_PX + (selection ? CHECKBOX_PX : 0);
  const shown = columnsThatFit(columns, Math.floor(width), fixed);
  return (
    <Box ref={ref}>
      <Table.ScrollContainer minWidth={widthOf(shown, fixed)}>
        <Table highlightOnHover verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={selection.allLabel}
                    checked={selection.all}
                    indeterminate={selection.some}
                    onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
                  />
                </Table.Th>
              ) : null}
              {shown.map((column) => (
                <Table.Th key={column.id} style={{ whiteSpace: 'nowrap' }}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th w={TOUCH_TARGET_PX} style={STICKY_END}>
                <VisuallyHidden>{actionsLabel}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.id}
                {...rowAttributes(row)}
                bg={selection?.isSelected(row) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selection ? <Table.Td>{selection.checkbox(row)}</Table.Td> : null}
                {shown.map((column) => (
                  <Table.Td key={column.id}>
                    <Box maw={column.maw} miw={0}>
                      {column.cell(row, now)}
                    </Box>
                  </Table.Td>
                ))}
                <Table.Td style={STICKY_END}>{renderMenu(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
