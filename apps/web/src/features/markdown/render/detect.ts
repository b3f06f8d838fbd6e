/**
 * Cheap scans of the source that decide which heavy renderers to load. They may say yes when
 * the parser later finds nothing (a stray `$`): that only costs a download, never correctness.
 */

// An opening fence (CommonMark: up to three spaces, three or more backticks or tildes) and its info.
const FENCE_OPEN = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`]*)/gm;

// Two dollar signs on one line (`$x$`, or the `$$` of a display block), or a ```math fence. Kept
// looser than the plugin's own delimiter rules so that it never misses real math.
const MATH = /\$[^$\n]*\$|^ {0,3}(?:`{3,}|~{3,})[ \t]*math\b/im;

/** True when the source may contain KaTeX math. */
export function mayContainMath(source: string): boolean {
  return MATH.test(source);
}

/** The distinct, lower-cased languages named on fenced code blocks (first word of the info). */
export function fencedLanguages(source: string): string[] {
  if (!source.includes('```') && !source.includes('~~~')) return [];
  const languages = new Set<string>();
  for (const match of source.matchAll(FENCE_OPEN)) {
    const language = normaliseLanguage(match[1] ?? '');
    if (language) languages.add(language);
  }
  return [...languages];
}

/** True when the source has a ```mermaid fence. */
export function hasMermaid(source: string): boolean {
  return fencedLanguages(source).includes('mermaid');
}

/** The language part of a fence info string: its first word, lower-cased, `{…}` attributes cut. */
export function normaliseLanguage(info: string): string {
  const first = info.trim().split(/\s+/, 1)[0] ?? '';
  return first.replace(/\{.*$/, '').toLowerCase();
}
