import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { filterStyle, TRUSTED_STYLE_PROPERTIES } from './style-policy';
import { HEADING_ID_ATTRIBUTE } from '../render/headings';
import { addMarkRestoreHooks, neutralizeHandlerNames } from './handler-names';
import { SLOT_ATTRIBUTE, type TrustedSlots } from './trusted-slots';
import { enforceUrlPolicy } from './url-attributes';

/**
 * The author's HTML (raw HTML in Markdown is allowed) is held to an allowlist close to GitHub's:
 * text structure, tables, images, media, details; no scripts, styles, frames, objects, forms,
 * metadata, SVG or MathML, no event handlers, no `style`, no classes beyond the ones our
 * Markdown plugins emit. <style> is stripped like on GitHub: it would restyle the whole app.
 */
const USER_TAGS = [
  'a', 'abbr', 'audio', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code', 'col',
  'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd', 'label', 'li',
  'mark', 'ol', 'p', 'picture', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small',
  'source', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'video', 'wbr',
]; // prettier-ignore

const USER_ATTRIBUTES = [
  'abbr', 'align', 'alt', 'checked', 'cite', 'class', 'colspan', 'controls', 'datetime', 'dir',
  'disabled', 'headers', 'height', 'href', 'id', 'lang', 'loop', 'media', 'muted', 'name', 'open',
  'playsinline', 'poster', 'reversed', 'rowspan', 'scope', 'sizes', 'span', 'src', 'srcset',
  'start', 'title', 'type', 'valign', 'value', 'width',
  SLOT_ATTRIBUTE, 'data-pp-mermaid', HEADING_ID_ATTRIBUTE,
]; // prettier-ignore

/** Named here even though the allowlist already excludes them, so the intent survives edits. */
const ALWAYS_FORBIDDEN_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'button',
  'select', 'option', 'textarea', 'base', 'meta', 'link', 'template', 'noscript', 'noembed',
  'noframes', 'xmp', 'plaintext', 'title', 'math', 'svg', 'portal', 'dialog', 'slot',
]; // prettier-ignore

const ALWAYS_FORBIDDEN_ATTRIBUTES = [
  'style', 'formaction', 'action', 'xlink:href', 'srcdoc', 'target', 'ping', 'background',
  'autofocus', 'autoplay', 'contenteditable', 'popover', 'tabindex', 'accesskey',
]; // prettier-ignore

/** Classes the Markdown plugins emit (task lists, footnotes, code and diagram blocks). */
const USER_CLASSES = new Set([
  'task-list-item',
  'contains-task-list',
  'task-list-item-checkbox',
  'footnotes',
  'footnotes-list',
  'footnotes-sep',
  'footnote-item',
  'footnote-ref',
  'footnote-backref',
  'code-block',
  'mermaid-block',
]);

const USER_CONFIG = {
  // DOMPurify walks from the parsing <body>: when it is not allowed, it is unwrapped by
  // cloning the whole document (quadratic on large pastes). Only its children are returned.
  ALLOWED_TAGS: [...USER_TAGS, 'body'],
  ALLOWED_ATTR: USER_ATTRIBUTES,
  FORBID_TAGS: ALWAYS_FORBIDDEN_TAGS,
  FORBID_ATTR: ALWAYS_FORBIDDEN_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

/**
 * KaTeX and Shiki output: the standard HTML, SVG and MathML profiles (KaTeX needs MathML and
 * small SVGs), inline styles through the style policy, the same URL rules. KaTeX runs with
 * `trust: false`, so none of this carries author-chosen attributes or links.
 */
const TRUSTED_CONFIG = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  // KaTeX's MathML keeps the TeX source in <semantics><annotation> (read by screen readers and
  // our heading text). DOMPurify leaves them out by default; <annotation> only holds text, and
  // <annotation-xml>, the HTML integration point behind MathML mutation attacks, stays out.
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['data-pp-index', 'tabindex', 'encoding'],
  FORBID_TAGS: ALWAYS_FORBIDDEN_TAGS.filter((tag) => tag !== 'math' && tag !== 'svg'),
  FORBID_ATTR: ALWAYS_FORBIDDEN_ATTRIBUTES.filter(
    (name) => name !== 'style' && name !== 'tabindex',
  ),
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

interface Purifiers {
  user: DOMPurify;
  trusted: DOMPurify;
}

let purifiers: Purifiers | undefined;

function keepKnownClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((name) => USER_CLASSES.has(name) || /^language-[\w+#.-]+$/.test(name))
    .join(' ');
}

/** Task-list checkboxes are the only inputs: always disabled, never named or submitted. */
function restrictInput(element: Element): void {
  if (element.localName !== 'input') return;
  if (element.getAttribute('type')?.toLowerCase() !== 'checkbox') {
    element.remove();
    return;
  }
  element.setAttribute('disabled', '');
  element.removeAttribute('name');
  element.removeAttribute('value');
}

/** Both purifiers, created and hooked once, on the current window (jsdom in tests). */
function getPurifiers(): Purifiers {
  if (purifiers) return purifiers;
  const user = createDOMPurify(window);
  addMarkRestoreHooks(user);
  user.addHook('uponSanitizeAttribute', (_node, event) => {
    if (event.attrName !== 'class') return;
    event.attrValue = keepKnownClasses(event.attrValue);
    if (event.attrValue === '') event.keepAttr = false;
  });
  user.addHook('afterSanitizeAttributes', (node) => {
    enforceUrlPolicy(node);
    restrictInput(node);
  });

  const trusted = createDOMPurify(window);
  addMarkRestoreHooks(trusted);
  trusted.addHook('uponSanitizeAttribute', (_node, event) => {
    if (event.attrName !== 'style') return;
    event.attrValue = filterStyle(event.attrValue, TRUSTED_STYLE_PROPERTIES);
    if (event.attrValue === '') event.keepAttr = false;
  });
  trusted.addHook('afterSanitizeAttributes', (node) => enforceUrlPolicy(node));

  purifiers = { user, trusted };
  return purifiers;
}

/**
 * Sanitises one document segment: the author's markup first, then the trusted fragments its
 * placeholders refer to, in a single pass, grafted over their placeholders. Placeholders that
 * are not ours are dropped. Both are parsed (by DOMPurify, in a document of their own) only
 * with their event-handler names neutralised, so not even the parse files a CSP report.
 */
export function sanitizeDocument(html: string, slots: TrustedSlots): DocumentFragment {
  const { user, trusted } = getPurifiers();
  const document = user.sanitize(neutralizeHandlerNames(html), USER_CONFIG);
  const placeholders = Array.from(document.querySelectorAll(`[${SLOT_ATTRIBUTE}]`)).map(
    (element) => ({
      element,
      index: slots.indexOf(element.getAttribute(SLOT_ATTRIBUTE) ?? ''),
    }),
  );
  if (placeholders.length === 0) return document;

  const wanted = new Set(placeholders.map(({ index }) => index ?? -1));
  const wrapped = slots.fragments
    .map((fragment, index) =>
      wanted.has(index) ? `<div data-pp-index="${index}">${fragment}</div>` : '',
    )
    .join('');
  const sanitized = trusted.sanitize(neutralizeHandlerNames(wrapped), TRUSTED_CONFIG);
  const byIndex = new Map<number, Element>();
  for (const wrapper of Array.from(sanitized.children)) {
    byIndex.set(Number(wrapper.getAttribute('data-pp-index')), wrapper);
  }
  for (const { element, index = -1 } of placeholders) {
    const wrapper = byIndex.get(index);
    // Each fragment is used once, even if a placeholder somehow appears twice.
    byIndex.delete(index);
    if (wrapper) element.replaceWith(...Array.from(wrapper.childNodes));
    else element.remove();
  }
  return document;
}
