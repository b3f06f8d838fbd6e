import type { HighlighterCore } from 'shiki/core';

/** Highlights code in a language loaded for it. */
export interface CodeHighlighter {
  /** Shiki's dual-theme HTML (colours as CSS variables), or undefined for unknown languages. */
  highlight(code: string, language: string): string | undefined;
}

// Names people write on fences that mean "no highlighting".
const PLAIN_LANGUAGES = new Set(['text', 'txt', 'plain', 'plaintext', 'none', 'mermaid', 'math']);

/** False for fence languages that are never highlighted, so they never load Shiki. */
export function isHighlightable(language: string): boolean {
  return !PLAIN_LANGUAGES.has(language);
}

let core: Promise<HighlighterCore> | undefined;
const languageLoads = new Map<string, Promise<void>>();

function loadCore(): Promise<HighlighterCore> {
  core ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/javascript'),
    ]);
    // The JavaScript engine avoids shipping Oniguruma's WebAssembly; `forgiving` skips the few
    // grammar patterns it cannot translate instead of failing the whole language.
    return createHighlighterCore({
      themes: [
        import('shiki/themes/github-light-default.mjs'),
        import('shiki/themes/github-dark-default.mjs'),
      ],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  core.catch(() => {
    core = undefined;
  });
  return core;
}

/**
 * Loads (once, cached) the Shiki core and the grammars of `languages` that Shiki bundles, each
 * grammar its own lazy chunk. A grammar that fails to load leaves its blocks plain.
 */
export async function loadHighlighter(languages: readonly string[]): Promise<CodeHighlighter> {
  const [{ bundledLanguages }, highlighter] = await Promise.all([
    import('shiki/langs'),
    loadCore(),
  ]);
  const wanted = languages.filter(
    (language) => !PLAIN_LANGUAGES.has(language) && Object.hasOwn(bundledLanguages, language),
  );
  await Promise.all(
    wanted.map((language) => {
      let load = languageLoads.get(language);
      if (!load) {
        const grammar = bundledLanguages[language as keyof typeof bundledLanguages];
        load = highlighter.loadLanguage(grammar).catch(() => {
          languageLoads.delete(language);
        });
        languageLoads.set(language, load);
      }
      return load;
    }),
  );
  const loaded = new Set(highlighter.getLoadedLanguages());
  return {
    highlight(code, language) {
      if (PLAIN_LANGUAGES.has(language) || !loaded.has(language)) return undefined;
      try {
        return highlighter.codeToHtml(code, {
          lang: language,
          themes: { light: 'github-light-default', dark: 'github-dark-default' },
          defaultColor: false,
        });
      } catch {
        return undefined;
      }
    },
  };
}
