import { safeImageSrc, safeLink, safeSrcset, webUrl } from './url-policy';

/** Attributes that hold a URL (or URL list) somewhere in HTML, SVG or MathML. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'srcset',
  'poster',
  'cite',
  'action',
  'formaction',
  'background',
  'data',
  'codebase',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
  'manifest',
  'icon',
  'profile',
  'usemap',
  'archive',
  'classid',
]);

const MEDIA_ELEMENTS = new Set(['video', 'audio', 'source', 'track']);

/**
 * Applies the URL policy to one element's attributes (DOMPurify `afterSanitizeAttributes`):
 * unsafe URLs are removed, links to other sites open in a new tab without an opener or a
 * referrer, in-page anchors stay in the tab.
 */
export function enforceUrlPolicy(element: Element): void {
  const tag = element.localName.toLowerCase();
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.localName.toLowerCase();
    if (!URL_ATTRIBUTES.has(name)) continue;
    const safe = safeValue(tag, name, attribute.value);
    if (safe === undefined) element.removeAttributeNode(attribute);
    else if (safe !== attribute.value) attribute.value = safe;
  }
  if (tag === 'a') applyLinkTarget(element);
}

function safeValue(tag: string, name: string, value: string): string | undefined {
  switch (name) {
    case 'href':
      // Links on <a> (HTML or SVG); everywhere else (SVG <use>, gradients) only local references.
      if (tag === 'a') return safeLink(value)?.href;
      return /^#[\w-]+$/.test(value.trim()) ? value.trim() : undefined;
    case 'src':
      if (tag === 'img') return safeImageSrc(value);
      return MEDIA_ELEMENTS.has(tag) ? webUrl(value) : undefined;
    case 'srcset':
      return tag === 'img' || tag === 'source' ? safeSrcset(value) : undefined;
    case 'poster':
      return tag === 'video' ? webUrl(value) : undefined;
    case 'cite':
      return webUrl(value);
    default:
      return undefined;
  }
}

function applyLinkTarget(link: Element): void {
  const href =
    link.getAttribute('href') ?? link.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
  const kind = href === null ? undefined : safeLink(href)?.kind;
  if (kind === 'web') {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  } else {
    link.removeAttribute('target');
    if (kind === 'mailto') link.setAttribute('rel', 'noopener noreferrer');
    else link.removeAttribute('rel');
  }
}
