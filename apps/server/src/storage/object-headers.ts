import type { ServedRange } from './storage-driver.js';

/** The validators of a stored object: a strong ETag and its modification time. */
export function objectValidators(info: {
  etag: string;
  lastModified: Date;
}): Record<string, string> {
  return { ETag: `"${info.etag}"`, 'Last-Modified': info.lastModified.toUTCString() };
}

/** The Content-Range of a 206 answer. */
export function contentRange(range: ServedRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2), so W/ prefixes are ignored. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${etag}"`);
}
