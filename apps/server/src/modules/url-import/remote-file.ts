import { FILENAME_MAX, filenameSchema } from '@pasteport/contract';

/** Response headers as node:http gives them. */
export type RemoteHeaders = Record<string, string | string[] | undefined>;

/** The name used when neither the headers nor the URL give one. */
export const FALLBACK_FILENAME = 'download';
/** Longest extension kept when a name has to be shortened. */
const EXTENSION_KEPT_MAX = 16;

/** One header's value; repeated headers give their first. */
export function headerValue(headers: RemoteHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Content-Length as a byte count, or null when absent or not a plain number. */
export function declaredSize(headers: RemoteHeaders): number | null {
  return byteCount(headerValue(headers, 'content-length'));
}

/** The complete length of a `206`'s `Content-Range: bytes 0-0/1234`, or null (`*`, absent). */
export function rangeTotal(headers: RemoteHeaders): number | null {
  const match = /^\s*bytes\s+[^/]*\/\s*(\d+)\s*$/i.exec(
    headerValue(headers, 'content-range') ?? '',
  );
  return byteCount(match?.[1]);
}

/** True when the server says it answers byte ranges (`Accept-Ranges: bytes`). */
export function acceptsRanges(headers: RemoteHeaders): boolean {
  const value = headerValue(headers, 'accept-ranges') ?? '';
  return value.split(',').some((unit) => unit.trim().toLowerCase() === 'bytes');
}

/** The media type without parameters, lower-cased; undefined when absent or malformed. */
export function contentTypeOf(headers: RemoteHeaders): string | undefined {
  const essence = headerValue(headers, 'content-type')?.split(';', 1)[0]?.trim().toLowerCase();
  return essence && /^[\w.+-]+\/[\w.+-]+$/.test(essence) ? essence : undefined;
}

/**
 * The type the proxy may answer with: the remote's, unless a browser could run or render it as
 * a document (HTML, SVG, XML, scripts …), which becomes application/octet-stream.
 */
export function passiveContentType(type: string | undefined): string {
  if (type === undefined) return 'application/octet-stream';
  return /html|xml|script|svg|flash/.test(type) ? 'application/octet-stream' : type;
}

/**
 * The file name a remote response suggests: Content-Disposition (`filename*`, then `filename`),
 * else the URL's last path segment decoded, else `download` — always usable as an upload name.
 */
export function remoteFilename(headers: RemoteHeaders, url: string): string {
  const disposition = headerValue(headers, 'content-disposition');
  const candidates = [
    disposition === undefined ? undefined : dispositionFilename(disposition),
    lastPathSegment(url),
  ];
  for (const candidate of candidates) {
    const name = candidate === undefined ? undefined : usableFilename(candidate);
    if (name !== undefined) return name;
  }
  return FALLBACK_FILENAME;
}

/** The name a Content-Disposition header gives: RFC 5987 `filename*` first, then `filename`. */
export function dispositionFilename(header: string): string | undefined {
  const params = new Map<string, string>();
  for (const match of header.matchAll(/;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const name = match[1]?.toLowerCase();
    const raw = match[2]?.trim() ?? '';
    if (name === undefined || params.has(name)) continue;
    params.set(name, raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  const extended = params.get('filename*');
  const decoded = extended === undefined ? undefined : decodeExtendedValue(extended);
  return decoded ?? params.get('filename');
}

/** `charset'language'percent-encoded` (RFC 5987) → text; undefined when it cannot be read. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return Buffer.from(unescapeBytes(encoded)).toString('latin1');
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function unescapeBytes(encoded: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    const hex = encoded.slice(i + 1, i + 3);
    if (encoded[i] === '%' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i) & 0xff);
    }
  }
  return bytes;
}

/** The URL's last non-empty path segment, percent-decoded when that is valid UTF-8. */
export function lastPathSegment(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const segment = pathname
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A name the contract's file-name rule accepts: no slashes or control characters (replaced by
 * `_`), trimmed, at most FILENAME_MAX characters (the extension kept), never `.` or `..`.
 * Checked against that rule itself, so a derived name can never be refused at upload.
 */
export function usableFilename(name: string): string | undefined {
  let clean = name.replace(/[\p{Cc}/\\]/gu, '_').trim();
  if (clean.length > FILENAME_MAX) clean = shorten(clean);
  const checked = filenameSchema.safeParse(clean);
  return checked.success ? checked.data : undefined;
}

function shorten(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= EXTENSION_KEPT_MAX + 1 ? name.slice(dot) : '';
  const chars = [...name.slice(0, name.length - extension.length)];
  let base = '';
  for (const char of chars) {
    if (base.length + char.length + extension.length > FILENAME_MAX) break;
    base += char;
  }
  return (base.trimEnd() + extension).trim();
}

function byteCount(value: string | undefined): number | null {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return null;
  const count = Number(value);
  return Number.isSafeInteger(count) ? count : null;
}
