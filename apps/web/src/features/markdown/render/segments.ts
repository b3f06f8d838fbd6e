import type { Token } from 'markdown-it';

// Elements without an end tag, which never leave anything open.
const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track',
  'wbr',
]); // prettier-ignore
const TAG = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g;

/** How many raw HTML elements are still open after `html`, starting from `depth`. */
export function htmlDepthAfter(depth: number, html: string): number {
  let open = depth;
  for (const match of html.replace(/<!--[\s\S]*?-->/g, '').matchAll(TAG)) {
    const [, closing, name = '', selfClosing] = match;
    if (closing) open = Math.max(0, open - 1);
    else if (!selfClosing && !VOID_ELEMENTS.has(name.toLowerCase())) open += 1;
  }
  return open;
}

function rawHtmlOf(token: Token): string {
  if (token.type === 'html_block') return token.content;
  if (token.type !== 'inline') return '';
  return (token.children ?? [])
    .filter((child) => child.type === 'html_inline')
    .map((child) => child.content)
    .join('');
}

/** Where segments may be cut: at least `min`, at most about `max` characters, cut where a
 * block's hash hits 1 in `divisor` in between. */
export interface SegmentSizes {
  min: number;
  max: number;
  divisor: number;
}

export const SEGMENT_SIZES: SegmentSizes = { min: 8_000, max: 64_000, divisor: 48 };

/** FNV-1a over a string, continuing from `hash`. */
function fnv1a(hash: number, text: string): number {
  let value = hash;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/**
 * Splits a document's top-level token stream into segments, each rendered and sanitised on its
 * own. A cut falls only between top-level blocks and only where the author's raw HTML has
 * nothing open (a `<details>` wrapping Markdown stays whole), so each segment renders exactly as
 * it would inside the whole document; unbalanced HTML just means fewer cuts. Cuts are chosen by
 * the content of the block before them (content-defined, like rsync's chunks), so an edit moves
 * only nearby cuts and the segments after it stay identical, and cached.
 */
export function segmentTokens(
  tokens: readonly Token[],
  { min, max, divisor }: SegmentSizes = SEGMENT_SIZES,
): Token[][] {
  const segments: Token[][] = [];
  let current: Token[] = [];
  let size = 0;
  let depth = 0;
  let htmlDepth = 0;
  let blockHash = 0x811c9dc5;
  for (const token of tokens) {
    current.push(token);
    size += token.content.length + 1;
    depth += token.nesting;
    blockHash = fnv1a(blockHash, token.content);
    const html = rawHtmlOf(token);
    if (html) htmlDepth = htmlDepthAfter(htmlDepth, html);
    if (depth !== 0) continue;
    const atHashCut = blockHash % divisor === 0;
    blockHash = 0x811c9dc5;
    if (htmlDepth === 0 && size >= min && (atHashCut || size >= max)) {
      segments.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length > 0 || segments.length === 0) segments.push(current);
  return segments;
}
