/** What fitting needs of a column: the width it takes and how soon it gives way. */
export interface FitColumn {
  id: string;
  /** The px the column needs, cell padding included. */
  width: number;
  /** Higher gives way first when the list is narrow; without one the column always shows. */
  priority?: number;
}

/**
 * The columns that fit `available` px beside `fixed` px (checkbox, actions): the least
 * important give way first (the later one among equals), those without a priority never. An
 * unmeasured width (0) keeps every column, so nothing is hidden before the list is laid out.
 */
export function columnsThatFit<C extends FitColumn>(
  columns: readonly C[],
  available: number,
  fixed: number,
): C[] {
  if (available <= 0) return [...columns];
  let total = fixed + columns.reduce((sum, column) => sum + column.width, 0);
  const yielding = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority !== undefined)
    .sort((a, b) => (b.column.priority ?? 0) - (a.column.priority ?? 0) || b.index - a.index);
  const hidden = new Set<string>();
  for (const { column } of yielding) {
    if (total <= available) break;
    hidden.add(column.id);
    total -= column.width;
  }
  return columns.filter((column) => !hidden.has(column.id));
}

/** The px the shown columns need together with the fixed ones. */
export function widthOf(columns: readonly FitColumn[], fixed: number): number {
  return columns.reduce((sum, column) => sum + column.width, fixed);
}
