import type MarkdownIt from 'markdown-it';
import type { RenderEnv } from '../env';

/**
 * Routes the KaTeX plugin's output through trusted slots (see sanitize/trusted-slots.ts).
 * Install after the KaTeX plugin. `$$…$$` written inside a paragraph is rendered by the plugin
 * as a <p>, which cannot sit inside the paragraph: it becomes a <span class="katex-block">.
 */
export function mathSlotsPlugin(md: MarkdownIt): void {
  const rules = md.renderer.rules;
  const wrap = (name: string) => {
    const original = rules[name];
    if (!original) return;
    rules[name] = (tokens, index, options, env: RenderEnv, self) => {
      let html = original(tokens, index, options, env, self).trim();
      // The plugin also emits "math_block" tokens inside paragraphs (for inline `$$…$$`), marked
      // `block` as well; only the block rule gives its token a source line map.
      if (tokens[index]?.map) return `${env.slots.put(html, 'div')}\n`;
      html = html.replace(/^<p\b/, '<span').replace(/<\/p>$/, '</span>');
      return env.slots.put(html, 'span');
    };
  };
  for (const name of ['math_inline', 'math_inline_block', 'math_inline_bare_block', 'math_block']) {
    wrap(name);
  }

  const fence = rules.fence;
  if (fence) {
    rules.fence = (tokens, index, options, env: RenderEnv, self) => {
      const html = fence(tokens, index, options, env, self);
      // The plugin's own test for a ```math fence; other fences are already slotted or escaped.
      const isMath = tokens[index]?.info.trim().toLowerCase() === 'math';
      return isMath ? `${env.slots.put(html.trim(), 'div')}\n` : html;
    };
  }
}
