/** Splits a path into its segments, resolving `.` and `..` and ignoring empty ones. */
function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** An absolute path with single slashes and no trailing slash ('/' stays '/'). */
export function normalisePath(path: string): string {
  return `/${segmentsOf(path).join('/')}`;
}

/**
 * SPEC §5 path permission: whether `target` is `base` or lies beneath it, compared segment
 * by segment so /docs contains /docs/a but not /docs-private; base '/' contains everything.
 */
export function pathContains(base: string, target: string): boolean {
  const baseSegments = segmentsOf(base);
  const targetSegments = segmentsOf(target);
  if (baseSegments.length > targetSegments.length) return false;
  return baseSegments.every((segment, index) => segment === targetSegments[index]);
}
