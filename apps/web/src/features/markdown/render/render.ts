import { loadMath, type MathPlugin } from '../lazy/katex';
import { isHighlightable, loadHighlighter, type CodeHighlighter } from '../lazy/shiki';
import { neutralizeHandlerNames } from '../sanitize/handler-names';
import { sanitizeDocument } from '../sanitize/sanitize';
import { TrustedSlots } from '../sanitize/trusted-slots';
import { fencedLanguages, mayContainMath } from './detect';
import type { RenderEnv } from './env';
import { finishDocument } from './finish';
import type { MarkdownHeading } from './headings';
import { getParser } from './parser';
import { MAX_HIGHLIGHTED_TOTAL } from './plugins/fences';
import { segmentTokens } from './segments';

/** A rendered document: sanitised HTML, in segments, and its headings. */
export interface RenderedMarkdown {
  /** Sanitised HTML of consecutive parts of the document; their concatenation is `html`. */
  segments: string[];
  html: string;
  headings: MarkdownHeading[];
}

/** The lazy parts, injectable so tests can count or replace the loads. */
export interface RenderLoaders {
  loadMath: () => Promise<MathPlugin>;
  loadHighlighter: (languages: readonly string[]) => Promise<CodeHighlighter>;
}

export const defaultLoaders: RenderLoaders = { loadMath, loadHighlighter };

// Segments (render/segments.ts) keep each sanitising step short; the main thread is handed back
// to the browser (typing, painting) whenever a render has worked for longer than SLICE_MS.
const SLICE_MS = 30;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Sanitised segments by their unsanitised markup (plus trusted fragments): while a large
// document is edited, only the segments that changed are sanitised again.
const CACHE_CHARS = 8_000_000;
const segmentCache = new Map<string, string>();
let cachedChars = 0;

function remember(key: string, html: string): void {
  segmentCache.set(key, html);
  cachedChars += key.length + html.length;
  for (const [oldKey, oldHtml] of segmentCache) {
    if (cachedChars <= CACHE_CHARS) break;
    segmentCache.delete(oldKey);
    cachedChars -= oldKey.length + oldHtml.length;
  }
}

function sanitizeSegment(markup: string, slots: TrustedSlots): string {
  const key = slots.fragments.length === 0 ? markup : [markup, ...slots.fragments].join('\u0000');
  const cached = segmentCache.get(key);
  if (cached !== undefined) {
    segmentCache.delete(key);
    segmentCache.set(key, cached);
    return cached;
  }
  const fragment = sanitizeDocument(markup, slots);
  finishDocument(fragment);
  // Serialised in the sanitiser's own document: the nodes never join the page's document.
  const container = (fragment.ownerDocument ?? document).createElement('div');
  container.append(fragment);
  // React parses this string into the page. Sanitised markup has no handler names, so this
  // changes nothing unless a re-parse read it differently from DOMPurify (mutation XSS).
  const html = neutralizeHandlerNames(container.innerHTML);
  remember(key, html);
  return html;
}

interface LoadedRenderers {
  math: MathPlugin | undefined;
  highlighter: CodeHighlighter | undefined;
}

/** The render as steps: parse, then one segment per step (the caller decides when to yield). */
function* renderSteps(
  source: string,
  { math, highlighter }: LoadedRenderers,
): Generator<void, RenderedMarkdown> {
  const md = getParser(math);
  const env: RenderEnv = {
    slots: new TrustedSlots(),
    highlighter,
    highlightBudget: MAX_HIGHLIGHTED_TOTAL,
  };
  const tokens = md.parse(source, env);
  const segments: string[] = [];
  for (const slice of segmentTokens(tokens)) {
    yield;
    env.slots = new TrustedSlots();
    const markup = md.renderer.render(slice, md.options, env);
    segments.push(sanitizeSegment(markup, env.slots));
  }
  return { segments, html: segments.join(''), headings: env.headings ?? [] };
}

function highlightableLanguages(source: string): string[] {
  return fencedLanguages(source).filter((language) => isHighlightable(language));
}

// Up to this size a document that needs nothing lazy is rendered at once, on first paint.
const IMMEDIATE_LIMIT = 64_000;

/**
 * The document rendered synchronously, when that is cheap: small, and with no math or code to
 * highlight (nothing to download first). Otherwise undefined: use renderMarkdown.
 */
export function renderMarkdownNow(source: string): RenderedMarkdown | undefined {
  if (source.length > IMMEDIATE_LIMIT || mayContainMath(source)) return undefined;
  if (highlightableLanguages(source).length > 0) return undefined;
  const steps = renderSteps(source, { math: undefined, highlighter: undefined });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Loads only what the source needs (KaTeX when it may hold math, Shiki with the grammars its
 * fences name), parses it, and renders and sanitises it segment by segment, yielding to the
 * browser whenever it has worked for SLICE_MS. A lazy part that fails to load leaves its content
 * plain rather than failing the document. An aborted `signal` stops the work at the next yield.
 */
export async function renderMarkdown(
  source: string,
  loaders: RenderLoaders = defaultLoaders,
  signal?: AbortSignal,
): Promise<RenderedMarkdown> {
  const languages = highlightableLanguages(source);
  const [math, highlighter] = await Promise.all([
    mayContainMath(source) ? loaders.loadMath().catch(() => undefined) : undefined,
    languages.length > 0 ? loaders.loadHighlighter(languages).catch(() => undefined) : undefined,
  ]);
  signal?.throwIfAborted();

  const steps = renderSteps(source, { math, highlighter });
  let sliceStart = performance.now();
  for (;;) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    const step = steps.next();
    if (step.done) return step.value;
  }
}
