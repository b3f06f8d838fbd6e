import MarkdownIt, { type PluginSimple } from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import type { MathPlugin } from '../lazy/katex';
import { headingIdsPlugin } from './headings';
import { fencesPlugin } from './plugins/fences';
import { mathSlotsPlugin } from './plugins/math-slots';
import { taskListsPlugin } from './plugins/task-lists';

// The plugin's typings describe markdown-it's CommonJS build; the plugin itself fits both.
const footnotes = footnotePlugin as unknown as PluginSimple;

const parsers = new Map<MathPlugin | undefined, MarkdownIt>();

/**
 * The GFM-flavoured parser: tables, strikethrough, autolinks, task lists, footnotes; raw HTML on
 * (the sanitiser decides what survives); no typographic replacements. Line breaks follow GFM
 * files: a single newline is a space. Built once per math variant and reused.
 */
export function getParser(math: MathPlugin | undefined): MarkdownIt {
  const cached = parsers.get(math);
  if (cached) return cached;
  const md = new MarkdownIt('default', { html: true, linkify: true, typographer: false });
  // Bare "README.md" or "index.js" must not turn into links; URLs with a scheme, www-less
  // emails and <autolinks> still do.
  md.linkify.set({ fuzzyLink: false });
  md.use(footnotes).use(taskListsPlugin).use(fencesPlugin).use(headingIdsPlugin);
  if (math) {
    math(md);
    md.use(mathSlotsPlugin);
  }
  parsers.set(math, md);
  return md;
}
