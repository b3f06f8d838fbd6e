import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** A heading of the rendered document, for the table of contents. */
export interface MarkdownHeading {
  level: number;
  text: string;
  /** The id of the heading element (an anchor target). */
  id: string;
}

/**
 * Carries a Markdown heading's id through the sanitiser, which would drop ids that shadow
 * document properties ("title", "open", "images"…); render/finish.ts turns it into the id.
 */
export const HEADING_ID_ATTRIBUTE = 'data-pp-heading-id';

/**
 * GitHub's anchor rule: lower-case, drop everything but letters, numbers, marks, spaces,
 * hyphens and underscores (so Chinese and other scripts stay), spaces become hyphens.
 */
export function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
  return slug === '' ? 'section' : slug;
}

/** Hands out unique ids: the slug itself, then slug-1, slug-2… */
export class SlugRegistry {
  private readonly used = new Set<string>();

  unique(slug: string): string {
    let candidate = slug;
    for (let n = 1; this.used.has(candidate); n += 1) candidate = `${slug}-${n}`;
    this.used.add(candidate);
    return candidate;
  }
}

/** The readable text of a heading's inline tokens: math as its TeX source, HTML left out. */
export function inlineText(children: readonly Token[]): string {
  return children
    .map((token) => {
      switch (token.type) {
        case 'text':
        case 'code_inline':
        case 'math_inline':
        case 'math_block':
          return token.content;
        case 'softbreak':
        case 'hardbreak':
          return ' ';
        case 'image':
          return inlineText(token.children ?? []);
        default:
          return '';
      }
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the heading rule leaves in the render env. */
export interface HeadingsEnv {
  headings?: MarkdownHeading[];
}

/**
 * Gives every Markdown heading a stable unique id (`env.headings` lists them in order). Done on
 * tokens, for the whole document at once, so ids do not depend on how it is later split up.
 * Headings written as raw HTML keep whatever id their author gave them.
 */
export function headingIdsPlugin(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state) => {
    const registry = new SlugRegistry();
    const headings: MarkdownHeading[] = [];
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const text = inlineText(state.tokens[index + 1]?.children ?? []);
      const id = registry.unique(slugify(text));
      token.attrSet(HEADING_ID_ATTRIBUTE, id);
      headings.push({ level: Number(token.tag.slice(1)), text, id });
    });
    (state.env as HeadingsEnv).headings = headings;
    return false;
  });
}
