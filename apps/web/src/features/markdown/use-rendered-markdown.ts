import { useEffect, useRef, useState } from 'react';
import {
  defaultLoaders,
  renderMarkdown,
  renderMarkdownNow,
  type RenderedMarkdown,
  type RenderLoaders,
} from './render/render';

/**
 * How long a changing source must stay still before it is rendered again: ~150 ms for the live
 * preview, longer for very large documents, whose render takes a while on the main thread.
 */
export function debounceDelay(length: number): number {
  return length < 100_000 ? 150 : Math.min(600, 150 + Math.round(length / 4000));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What is shown if rendering itself ever throws: the source as text, never a broken page. */
function fallback(source: string): RenderedMarkdown {
  const html = `<pre>${escapeText(source)}</pre>`;
  return { segments: [html], html, headings: [] };
}

interface Rendered {
  source: string;
  result: RenderedMarkdown;
}

/**
 * Renders `source` off the typing path. A small document needing nothing lazy is there on the
 * first paint; otherwise the first render starts at once, later changes are debounced, and a
 * render overtaken by a newer source is aborted. `pending` is true while the shown result is
 * older than the current source (the previous document stays visible meanwhile).
 */
export function useRenderedMarkdown(
  source: string,
  loaders: RenderLoaders = defaultLoaders,
): { result: RenderedMarkdown | undefined; pending: boolean } {
  const [rendered, setRendered] = useState<Rendered | undefined>(() => {
    const result = renderMarkdownNow(source);
    return result && { source, result };
  });
  // The source last rendered (or being shown), read by the effect without depending on state.
  const shown = useRef(rendered?.source);

  useEffect(() => {
    if (shown.current === source) return;
    const abort = new AbortController();
    const show = (result: RenderedMarkdown) => {
      if (abort.signal.aborted) return;
      shown.current = source;
      setRendered({ source, result });
    };
    const run = () => {
      renderMarkdown(source, loaders, abort.signal).then(show, () => show(fallback(source)));
    };
    const delay = shown.current === undefined ? 0 : debounceDelay(source.length);
    const timer = setTimeout(run, delay);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [source, loaders]);

  return { result: rendered?.result, pending: rendered?.source !== source };
}
