import type { Mermaid, MermaidConfig } from 'mermaid';
import { loadMermaid } from '../lazy/mermaid';
import { sanitizeDiagramSvg } from './sanitize-svg';

/** The placeholder the parser emits for a ```mermaid fence (its <code> holds the source). */
export const MERMAID_BLOCK_SELECTOR = '[data-pp-mermaid]';

/** Texts shown in diagram blocks, already translated. */
export interface MermaidTexts {
  loading: string;
  error: string;
  details: string;
}

export interface MermaidRunOptions {
  dark: boolean;
  texts: MermaidTexts;
  /** True once the document or theme changed and this run's results are no longer wanted. */
  isCancelled: () => boolean;
  load?: () => Promise<Mermaid>;
}

// Keys a directive (`%%{init: …}%%`) or front-matter `config:` may not change: the defaults
// plus everything that reaches styles, the sanitiser or label HTML.
const SECURE_KEYS = [
  'secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'suppressErrorRendering',
  'theme', 'themeVariables', 'themeCSS', 'fontFamily', 'altFontFamily', 'darkMode', 'htmlLabels',
  'dompurifyConfig', 'arrowMarkerAbsolute', 'legacyMathML', 'forceLegacyMathML',
]; // prettier-ignore

function mermaidConfig(dark: boolean): MermaidConfig {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    suppressErrorRendering: true,
    secure: SECURE_KEYS,
  };
}

interface Drawn {
  svg: string;
  id: string;
}

const CACHE_LIMIT = 32;
const cache = new Map<string, Drawn>();
const sources = new WeakMap<Element, string>();
let counter = 0;
// Mermaid keeps global state while it renders, so drawings happen one at a time.
let queue: Promise<unknown> = Promise.resolve();

function cacheKey(dark: boolean, source: string): string {
  return `${dark ? 'dark' : 'light'}\n${source}`;
}

function remember(key: string, drawn: Drawn): void {
  cache.delete(key);
  cache.set(key, drawn);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
}

function draw(mermaid: Mermaid, source: string, dark: boolean): Promise<Drawn> {
  const run = queue.then(async () => {
    mermaid.initialize(mermaidConfig(dark));
    counter += 1;
    const id = `pp-mermaid-${counter}`;
    const { svg } = await mermaid.render(id, source);
    return { svg, id };
  });
  queue = run.catch(() => undefined);
  return run;
}

function showDiagram(block: Element, drawn: Drawn, dark: boolean): void {
  const diagram = document.createElement('div');
  diagram.className = 'mermaid-diagram';
  diagram.append(sanitizeDiagramSvg(drawn.svg, drawn.id));
  block.replaceChildren(diagram);
  block.setAttribute('data-state', 'ready');
  block.setAttribute('data-theme', dark ? 'dark' : 'light');
  block.removeAttribute('aria-busy');
}

function sourceBlock(source: string): HTMLPreElement {
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  code.textContent = source;
  pre.append(code);
  pre.tabIndex = 0;
  return pre;
}

function showLoading(block: Element, source: string, texts: MermaidTexts): void {
  const status = document.createElement('p');
  status.className = 'mermaid-status';
  status.textContent = texts.loading;
  block.replaceChildren(status, sourceBlock(source));
  block.setAttribute('data-state', 'loading');
  block.setAttribute('aria-busy', 'true');
}

function showError(block: Element, source: string, texts: MermaidTexts, error: unknown): void {
  const message = document.createElement('p');
  message.className = 'mermaid-error-message';
  message.setAttribute('role', 'note');
  message.textContent = texts.error;
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = texts.details;
  const reason = document.createElement('pre');
  reason.textContent = error instanceof Error ? error.message : String(error);
  details.append(summary, reason);
  block.replaceChildren(message, sourceBlock(source), details);
  block.setAttribute('data-state', 'error');
  block.removeAttribute('aria-busy');
}

/**
 * Draws every diagram block in `container` with the theme of the page: cached drawings at once
 * (no flash when the rest of the document re-renders), the others one by one once Mermaid has
 * loaded. A diagram that fails shows a short message, its source and the parser's reason; the
 * rest of the page is untouched.
 */
export async function renderMermaidBlocks(
  container: ParentNode,
  { dark, texts, isCancelled, load = loadMermaid }: MermaidRunOptions,
): Promise<void> {
  const waiting: { block: Element; source: string }[] = [];
  for (const block of Array.from(container.querySelectorAll(MERMAID_BLOCK_SELECTOR))) {
    // Untouched parts of a re-rendered document keep their drawings.
    const drawnInTheme = block.getAttribute('data-theme') === (dark ? 'dark' : 'light');
    if (block.getAttribute('data-state') === 'ready' && drawnInTheme) continue;
    const source = sources.get(block) ?? block.querySelector('code')?.textContent ?? '';
    sources.set(block, source);
    const cached = cache.get(cacheKey(dark, source));
    if (cached) showDiagram(block, cached, dark);
    else {
      showLoading(block, source, texts);
      waiting.push({ block, source });
    }
  }
  if (waiting.length === 0) return;

  let mermaid: Mermaid;
  try {
    mermaid = await load();
  } catch (error) {
    if (!isCancelled())
      for (const { block, source } of waiting) showError(block, source, texts, error);
    return;
  }
  for (const { block, source } of waiting) {
    if (isCancelled()) return;
    try {
      const drawn = await draw(mermaid, source, dark);
      remember(cacheKey(dark, source), drawn);
      if (!isCancelled() && block.isConnected) showDiagram(block, drawn, dark);
    } catch (error) {
      if (!isCancelled() && block.isConnected) showError(block, source, texts, error);
    }
  }
}
