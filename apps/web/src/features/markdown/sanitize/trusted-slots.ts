/**
 * Markup produced by our own renderers (KaTeX, Shiki) is kept out of the author's HTML while it
 * is sanitised: the parser emits an empty placeholder carrying a random nonce, and the real
 * markup is sanitised separately with the profile it needs (MathML, SVG, filtered inline
 * styles) and grafted in afterwards. An author who types a placeholder cannot know the nonce
 * (drawn once per page load, never part of any output), so cannot get their HTML treated as ours.
 */

export const SLOT_ATTRIBUTE = 'data-pp-slot';

function randomNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Stable for the page's lifetime so that unchanged document segments render to identical
// markup and their sanitised result can be reused (see render/render.ts).
const PAGE_NONCE = randomNonce();

/** The trusted fragments of one document segment. */
export class TrustedSlots {
  readonly nonce = PAGE_NONCE;
  readonly fragments: string[] = [];

  /** Stores `html` and returns the placeholder to emit in its place (span inline, div block). */
  put(html: string, element: 'span' | 'div'): string {
    const index = this.fragments.push(html) - 1;
    return `<${element} ${SLOT_ATTRIBUTE}="${this.nonce}:${index}"></${element}>`;
  }

  /** The index of a placeholder's fragment, or undefined when it is not one of ours. */
  indexOf(placeholderValue: string): number | undefined {
    const [nonce, index] = placeholderValue.split(':');
    if (nonce !== this.nonce || index === undefined || !/^\d+$/.test(index)) return undefined;
    const value = Number(index);
    return value < this.fragments.length ? value : undefined;
  }
}
