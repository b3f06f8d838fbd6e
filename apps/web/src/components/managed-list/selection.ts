/** What a batch action needs of a row: the id to call and the name and slug to show. */
export interface RowRef {
  id: string;
  slug: string;
  /** The file name, or the slug again for rows that have no name of their own. */
  name: string;
}

/** `selection` with `refs` added (checked) or taken out (unchecked). */
export function toggled<Ref extends RowRef>(
  selection: ReadonlyMap<string, Ref>,
  refs: readonly Ref[],
  checked: boolean,
): Map<string, Ref> {
  const next = new Map(selection);
  for (const ref of refs) {
    if (checked) next.set(ref.id, ref);
    else next.delete(ref.id);
  }
  return next;
}

/** `selection` without the rows of `ids` (they were just deleted). */
export function without<Ref>(
  selection: ReadonlyMap<string, Ref>,
  ids: readonly string[],
): Map<string, Ref> {
  const next = new Map(selection);
  for (const id of ids) next.delete(id);
  return next;
}

/** How the "select all on this page" box reads: all, some (indeterminate) or none. */
export function pageSelection(rows: readonly { id: string }[], selected: ReadonlySet<string>) {
  const count = rows.filter((row) => selected.has(row.id)).length;
  return { all: count > 0 && count === rows.length, some: count > 0 && count < rows.length };
}

/** The i18n values that name a row: file texts say {{name}}, paste texts {{slug}}. */
export const namingOf = ({ name, slug }: RowRef) => ({ name, slug });
