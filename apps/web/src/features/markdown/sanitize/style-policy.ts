/**
 * Inline styles are never accepted from the author's HTML (as on GitHub). They are accepted,
 * filtered, only on markup our own renderers produced: KaTeX positions glyphs with heights,
 * margins and vertical offsets, Shiki colours tokens through CSS variables, Mermaid fills and
 * strokes its shapes. Each keeps a property allowlist; values may not call anything but colour
 * and calc functions (no url(), expression(), image-set()…), nor escape, comment or nest, and
 * nothing can be positioned, so generated markup cannot cover the page around it.
 */

/** Properties KaTeX and Shiki put in `style` attributes. */
export const TRUSTED_STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  'height',
  'width',
  'min-width',
  'max-width',
  'top',
  'bottom',
  'vertical-align',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border',
  'border-style',
  'border-width',
  'border-color',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'color',
  'background-color',
  'font-style',
  'font-weight',
  'text-decoration',
]);

/** Properties Mermaid writes on SVG shapes and labels (attributes and its scoped stylesheet). */
export const SVG_STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  ...TRUSTED_STYLE_PROPERTIES,
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'opacity',
  'font',
  'font-family',
  'font-size',
  'font-variant',
  'line-height',
  'text-anchor',
  'text-align',
  'dominant-baseline',
  'alignment-baseline',
  'white-space',
  'display',
  'visibility',
  'padding',
  'margin',
  'border-radius',
  'background',
  'marker-start',
  'marker-mid',
  'marker-end',
  'rx',
  'ry',
  'box-sizing',
  'cursor',
]);

const ALLOWED_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc']);
const VALUE_CHARS = /^[\w\s#.,%()+\-!'"*/]*$/;
const LOCAL_URL = /url\(\s*(['"]?)#[\w-]+\1\s*\)/gi;

/** True when a single declaration value is inert by the rules above. */
export function isSafeStyleValue(value: string): boolean {
  const withoutLocalUrls = value.replace(LOCAL_URL, '');
  if (!VALUE_CHARS.test(withoutLocalUrls) || withoutLocalUrls.includes('/*')) return false;
  for (const match of withoutLocalUrls.matchAll(/([a-z-]*)\s*\(/gi)) {
    if (!ALLOWED_FUNCTIONS.has((match[1] ?? '').toLowerCase())) return false;
  }
  return true;
}

function isAllowedProperty(property: string, allowed: ReadonlySet<string>): boolean {
  // Shiki's dual-theme colours: --shiki-light, --shiki-dark-bg, --shiki-light-font-style…
  return allowed.has(property) || /^--shiki-[a-z-]+$/.test(property);
}

/**
 * The declarations of a `style` attribute that pass, re-serialised, or '' when none do.
 * Values here never contain `;` or `:` legitimately, so splitting on them is exact enough;
 * anything odd is dropped rather than repaired.
 */
export function filterStyle(style: string, allowed: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (value === '' || !isAllowedProperty(property, allowed) || !isSafeStyleValue(value)) {
      continue;
    }
    kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
