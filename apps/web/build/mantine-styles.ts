import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * A Mantine component's class map (`@mantine/core/esm/components/Button/Button.module.mjs`):
 * the one module every use of the component's classes goes through. Captures the name.
 */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;

/** The styles every page needs before any component's: reset, theme variables, static classes. */
export const MANTINE_GLOBAL_STYLES = [
  '@mantine/core/styles/baseline.css',
  '@mantine/core/styles/default-css-variables.css',
  '@mantine/core/styles/global.css',
] as const;

/** The style sheet of the component whose class map `id` is, or undefined for any other module. */
export function componentStylesOf(id: string): string | undefined {
  const name = CLASS_MAP.exec(id.split('?', 1)[0] ?? '')?.[1];
  return name === undefined ? undefined : `@mantine/core/styles/${name}.css`;
}

/**
 * The class map's code with an import of its component's style sheet appended. The class map
 * imports nothing, and a component imports it after the components it is built on, so their
 * style sheets come first, as in Mantine's own `styles.css`.
 */
export function withComponentStyles(code: string, stylesheet: string): string {
  return `${code}\nimport ${JSON.stringify(stylesheet)};\n`;
}

/**
 * Vite plugin: each Mantine component brings its own style sheet instead of the app loading
 * all of `@mantine/core/styles.css` up front. In a build, a component's class map imports its
 * sheet, so the sheet lands in the same chunk as the component: the shell's CSS holds the
 * components the shell renders, and a lazily loaded page brings the ones it adds. The global
 * sheets (MANTINE_GLOBAL_STYLES) are imported by the app entry. The dev server pre-bundles
 * Mantine (no transform reaches it), so there the whole `styles.css` is linked first in the page.
 */
export function mantineStyles(): Plugin {
  const require = createRequire(import.meta.url);
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'pasteport-mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    transform: {
      filter: { id: /\.module\.mjs/ },
      handler(code, id) {
        if (command !== 'build') return null;
        const stylesheet = componentStylesOf(id);
        if (stylesheet === undefined) return null;
        return { code: withComponentStyles(code, stylesheet), map: null };
      },
    },
    transformIndexHtml: {
      order: 'pre',
      handler() {
        if (command !== 'serve') return [];
        const href = `/@fs${require.resolve('@mantine/core/styles.css')}`;
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head-prepend' }];
      },
    },
  };
}
