import type { TrustedSlots } from '../sanitize/trusted-slots';
import type { CodeHighlighter } from '../lazy/shiki';
import type { HeadingsEnv } from './headings';

/** What one render passes to the markdown-it rules through `env`. */
export interface RenderEnv extends HeadingsEnv {
  /** The trusted fragments of the segment being rendered (a fresh set per segment). */
  slots: TrustedSlots;
  highlighter: CodeHighlighter | undefined;
  /** Characters of code that may still be highlighted in this document. */
  highlightBudget: number;
}
