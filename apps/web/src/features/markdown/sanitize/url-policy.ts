/**
 * Which URLs rendered documents may point at. Links: http, https, mailto and in-page `#anchors`;
 * images: http, https and base64 PNG/JPEG/GIF/WebP data; media: http and https. Anything else
 * (javascript:, vbscript:, data:text/html, file:, relative paths, unknown schemes) is dropped.
 */

/** A link the document may keep, and how it should open. */
export interface SafeLink {
  kind: 'anchor' | 'web' | 'mailto';
  href: string;
}

/**
 * What a browser would see: tabs and newlines are ignored anywhere in a URL and C0 controls and
 * spaces at either end are trimmed (WHATWG URL), so "java\tscript:" or " javascript:" are caught.
 * Entities (`&#106;avascript:`) are already decoded by the HTML parser before we look.
 */
export function cleanUrl(raw: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
  return raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

const SCHEME = /^([a-z][a-z\d+.-]*):/i;

/**
 * An absolute http(s) URL, normalised. Protocol-relative `//host/path` (and `\\host`, which
 * browsers read the same way) is made explicit as https: it leaves the page like any web link.
 */
export function webUrl(raw: string): string | undefined {
  const cleaned = cleanUrl(raw);
  const candidate = /^[\\/]{2}/.test(cleaned) ? `https:${cleaned}` : cleaned;
  const scheme = SCHEME.exec(candidate)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      return undefined;
    }
    return url.href;
  } catch {
    return undefined;
  }
}

/** The link a document may keep for an `href`, or undefined to drop it. */
export function safeLink(raw: string): SafeLink | undefined {
  const cleaned = cleanUrl(raw);
  if (cleaned.startsWith('#')) return { kind: 'anchor', href: cleaned };
  const web = webUrl(cleaned);
  if (web) return { kind: 'web', href: web };
  if (/^mailto:[^\\/]/i.test(cleaned)) return { kind: 'mailto', href: cleaned };
  return undefined;
}

// Raster images only: SVG data may carry scripts when opened on its own.
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z\d+/=\s]*$/i;

/** An image source the document may keep, or undefined to drop it. */
export function safeImageSrc(raw: string): string | undefined {
  const cleaned = cleanUrl(raw);
  if (DATA_IMAGE.test(cleaned)) return cleaned;
  return webUrl(cleaned);
}

/** A `srcset` whose every candidate is a web URL (data URLs are refused here), else undefined. */
export function safeSrcset(raw: string): string | undefined {
  if (/data:/i.test(raw)) return undefined;
  const candidates = raw
    .split(',')
    .map((candidate) => candidate.trim())
    .filter((candidate) => candidate !== '');
  if (candidates.length === 0) return undefined;
  const safe: string[] = [];
  for (const candidate of candidates) {
    const [url = '', ...descriptors] = candidate.split(/\s+/);
    const href = webUrl(url);
    if (!href || !descriptors.every((d) => /^\d+(?:\.\d+)?[wx]$/i.test(d))) return undefined;
    safe.push([href, ...descriptors].join(' '));
  }
  return safe.join(', ');
}
