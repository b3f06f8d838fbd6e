import { HEADING_ID_ATTRIBUTE } from './headings';

/**
 * Touches applied to a sanitised segment by our own code (never by the author): heading ids,
 * scrollable code reachable by keyboard, images that load lazily and do not send the paste's
 * address to the site hosting them.
 */
export function finishDocument(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll(`[${HEADING_ID_ATTRIBUTE}]`))) {
    const id = element.getAttribute(HEADING_ID_ATTRIBUTE) ?? '';
    element.removeAttribute(HEADING_ID_ATTRIBUTE);
    if (/^h[1-6]$/.test(element.localName) && id !== '') element.id = id;
  }
  for (const pre of Array.from(root.querySelectorAll('pre'))) pre.setAttribute('tabindex', '0');
  for (const image of Array.from(root.querySelectorAll('img'))) {
    image.setAttribute('loading', 'lazy');
    image.setAttribute('decoding', 'async');
    image.setAttribute('referrerpolicy', 'no-referrer');
  }
}
