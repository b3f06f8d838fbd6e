import type MarkdownIt from 'markdown-it';
import { interopDefault } from './interop';

/** Installs KaTeX math (`$…$`, `$$…$$`, ```math) on a markdown-it instance. */
export type MathPlugin = (md: MarkdownIt) => void;

let pending: Promise<MathPlugin> | undefined;

/**
 * Loads KaTeX, the markdown-it plugin and KaTeX's stylesheet (once; a failed load is retried by
 * the next call). `trust: false` keeps `\href`, `\url`, `\htmlClass`, `\includegraphics`… out:
 * they render as error text instead of links or attributes.
 */
export function loadMath(): Promise<MathPlugin> {
  pending ??= (async () => {
    // The plugin requires its own (CommonJS) KaTeX; importing 'katex' here as well would ship
    // a second copy of it.
    const [pluginModule] = await Promise.all([
      import('@vscode/markdown-it-katex'),
      import('katex/dist/katex.min.css'),
    ]);
    const plugin = interopDefault(pluginModule);
    const options = {
      enableFencedBlocks: true,
      throwOnError: false,
      // KaTeX options, passed through by the plugin to renderToString.
      output: 'htmlAndMathml',
      trust: false,
      strict: 'ignore',
      maxExpand: 1000,
      maxSize: 100,
    };
    return (md: MarkdownIt) => {
      md.use(plugin, options);
    };
  })();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
