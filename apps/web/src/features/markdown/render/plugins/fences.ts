import type MarkdownIt from 'markdown-it';
import type { RenderEnv } from '../env';
import { normaliseLanguage } from '../detect';

// Highlighting is skipped (plain, escaped code instead) for blocks and documents so large
// that tokenising them would stall the page: Shiki is ~1 MB/s on the JavaScript regex engine.
export const MAX_HIGHLIGHTED_BLOCK = 64 * 1024;
export const MAX_HIGHLIGHTED_TOTAL = 256 * 1024;

/**
 * Fenced code: ```mermaid becomes a diagram placeholder (drawn later, in the page), a language
 * the highlighter knows becomes a trusted slot of Shiki markup, anything else plain code.
 * Every code block is wrapped in `div.code-block`, where the view adds its copy button.
 */
export function fencesPlugin(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;
  md.renderer.rules.fence = (tokens, index, _options, env: RenderEnv) => {
    const token = tokens[index];
    if (!token) return '';
    const language = normaliseLanguage(md.utils.unescapeAll(token.info));
    const code = token.content;
    if (language === 'mermaid') {
      return `<div class="mermaid-block" data-pp-mermaid=""><pre><code class="language-mermaid">${escape(code)}</code></pre></div>\n`;
    }
    let highlighted: string | undefined;
    if (env.highlighter && language && code.length <= MAX_HIGHLIGHTED_BLOCK) {
      if (env.highlightBudget >= code.length) {
        highlighted = env.highlighter.highlight(code, language);
        if (highlighted) env.highlightBudget -= code.length;
      }
    }
    const body = highlighted
      ? env.slots.put(highlighted, 'div')
      : `<pre><code${language ? ` class="language-${escape(language)}"` : ''}>${escape(code)}</code></pre>`;
    return `<div class="code-block">${body}</div>\n`;
  };
  // Indented code blocks get the same wrapper (and copy button), never highlighting.
  md.renderer.rules.code_block = (tokens, index) =>
    `<div class="code-block"><pre><code>${escape(tokens[index]?.content ?? '')}</code></pre></div>\n`;
}
