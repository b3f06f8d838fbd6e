import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { addMarkRestoreHooks, neutralizeHandlerNames } from '../sanitize/handler-names';
import { filterStyle, isSafeStyleValue, SVG_STYLE_PROPERTIES } from '../sanitize/style-policy';
import { enforceUrlPolicy } from '../sanitize/url-attributes';

/**
 * Mermaid runs with `securityLevel: 'strict'`, and its SVG is sanitised again here: the SVG
 * profile (plus HTML for labels inside <foreignObject>, which DOMPurify namespace-checks), no
 * scripts, event handlers or non-local references, inline styles through the style policy, and
 * Mermaid's own <style> rebuilt rule by rule (below) so it cannot reach outside the diagram.
 */
const SVG_CONFIG = {
  USE_PROFILES: { svg: true, svgFilters: true, html: true },
  ADD_TAGS: ['foreignObject'],
  // Mermaid's labels are HTML inside <foreignObject>; DOMPurify still namespace-checks them.
  HTML_INTEGRATION_POINTS: { foreignobject: true },
  FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'animate', 'set', 'use'],
  FORBID_ATTR: ['formaction', 'action', 'srcdoc', 'ping'],
  ALLOW_DATA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config; // prettier-ignore

let purifier: DOMPurify | undefined;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  addMarkRestoreHooks(purifier);
  purifier.addHook('uponSanitizeAttribute', (_node, event) => {
    if (event.attrName !== 'style') return;
    event.attrValue = filterStyle(event.attrValue, SVG_STYLE_PROPERTIES);
    if (event.attrValue === '') event.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => enforceUrlPolicy(node));
  return purifier;
}

/** Splits a selector list on top-level commas (commas inside :is(…) or [attr="a,b"] stay). */
function splitSelectors(selectorText: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let index = 0; index < selectorText.length; index += 1) {
    const char = selectorText[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(selectorText.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(selectorText.slice(start).trim());
  return parts;
}

/**
 * True for `#id` itself or `#id <descendant>` / `#id > <child>`. Anything else could reach out:
 * `#id2`, `#id ~ p` or `#id.x + p` (siblings of the diagram), `#id, body`.
 */
function isInside(selector: string, prefix: string): boolean {
  if (selector === prefix) return true;
  return selector.startsWith(prefix) && /^\s*>|^\s+(?![\s~+])/.test(selector.slice(prefix.length));
}

/**
 * Keeps only plain style rules whose every selector starts inside this diagram (`#id …`), with
 * their declarations through the SVG style policy. @import, @font-face, @media, @keyframes and
 * anything that fails to parse are dropped. Without constructable stylesheets the <style> goes.
 */
export function scopeDiagramStyles(root: ParentNode, diagramId: string): void {
  const prefix = `#${diagramId}`;
  for (const style of Array.from(root.querySelectorAll('style'))) {
    let kept = '';
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(style.textContent ?? '');
      for (const rule of Array.from(sheet.cssRules)) {
        if (!(rule instanceof CSSStyleRule)) continue;
        if (/[{}<\\@]/.test(rule.selectorText)) continue;
        if (!splitSelectors(rule.selectorText).every((selector) => isInside(selector, prefix))) {
          continue;
        }
        const declarations: string[] = [];
        for (const property of Array.from(rule.style)) {
          const value = rule.style.getPropertyValue(property);
          if (!SVG_STYLE_PROPERTIES.has(property) || !isSafeStyleValue(value)) continue;
          const important = rule.style.getPropertyPriority(property) === 'important';
          declarations.push(`${property}:${value}${important ? ' !important' : ''}`);
        }
        if (declarations.length > 0) kept += `${rule.selectorText}{${declarations.join(';')}}\n`;
      }
    } catch {
      kept = '';
    }
    if (kept === '') style.remove();
    else style.textContent = kept;
  }
}

/** Mermaid's SVG markup as a safe fragment ready to insert. */
export function sanitizeDiagramSvg(svg: string, diagramId: string): DocumentFragment {
  const fragment = getPurifier().sanitize(neutralizeHandlerNames(svg), SVG_CONFIG);
  scopeDiagramStyles(fragment, diagramId);
  // A label image whose source the URL policy dropped shows nothing, and the PNG export (which
  // copies a diagram whole) would wait for it forever.
  for (const image of Array.from(fragment.querySelectorAll('img'))) {
    if (!image.getAttribute('src')) image.remove();
  }
  return fragment;
}
