import type { MarkdownHeading } from '../../markdown';

/** A table of contents is worth its space from this many headings on. */
export const MIN_HEADINGS_FOR_CONTENTS = 3;

/** Whether two heading lists are the same, so an unchanged report does not re-render. */
export function sameHeadings(a: readonly MarkdownHeading[], b: readonly MarkdownHeading[]) {
  return (
    a.length === b.length &&
    a.every((h, i) => h.id === b[i]?.id && h.text === b[i]?.text && h.level === b[i]?.level)
  );
}

/** The shallowest level present, so the outline indents relative to it (h2-only docs flush). */
export function topLevelOf(headings: readonly MarkdownHeading[]): number {
  return headings.reduce((top, heading) => Math.min(top, heading.level), 6);
}
