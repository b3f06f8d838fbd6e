/**
 * Exports of a rendered paste (Markdown, standalone HTML, PDF through the print dialog, PNG).
 * `rendered` is the MarkdownView container (`[data-testid="markdown-view"]`).
 */
import { saveBlob } from '../../lib/save-blob';
import { safeBaseName } from './download';
import { buildStandaloneHtml } from './export-html';

/**
 * Put this attribute on anything around a document that must not be printed (action bars,
 * outlines): `<Group {...{ [PRINT_HIDE_ATTRIBUTE]: true }}>` or `data-print-hide` in JSX.
 * markdown.css hides it, the app header and footer under `@media print`.
 */
export const PRINT_HIDE_ATTRIBUTE = 'data-print-hide';

/** Downloads the Markdown source as `{baseName}.md`. */
export function downloadMarkdown(source: string, baseName: string): void {
  const blob = new Blob([source], { type: 'text/markdown;charset=utf-8' });
  saveBlob(blob, `${safeBaseName(baseName)}.md`);
}

/** Downloads a standalone, script-free HTML document of the rendered element. */
export function downloadHtml(rendered: HTMLElement, title: string, baseName: string): void {
  const language = document.documentElement.lang || 'en';
  const html = buildStandaloneHtml(rendered, title, language);
  saveBlob(new Blob([html], { type: 'text/html;charset=utf-8' }), `${safeBaseName(baseName)}.html`);
}

/** Opens the print dialog with a print stylesheet showing only the document (save as PDF). */
export function printDocument(): void {
  window.print();
}

/** The page background of the current theme (what the reader sees behind the document). */
function pageBackground(): string {
  const body = getComputedStyle(document.body).backgroundColor;
  if (body && body !== 'transparent' && body !== 'rgba(0, 0, 0, 0)') return body;
  const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
  return dark ? '#242424' : '#ffffff';
}

// Browsers refuse canvases much larger than this on a side (Safari's limit is the lowest).
const MAX_CANVAS_SIDE = 16_384;
// A transparent pixel for images that cannot be fetched (other sites without CORS, or refused
// by the app's connect-src): the capture goes on without them.
const IMAGE_PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * What the PNG shows of the document: not our UI (copy buttons, diagram status), and no image
 * left without a source (the sanitiser drops unsafe and relative ones; the page draws nothing
 * for them, and html-to-image would wait for them forever).
 */
export function isCaptured(node: Node): boolean {
  if (!(node instanceof Element)) return true;
  if (node.hasAttribute('data-pp-ui')) return false;
  return !(node instanceof HTMLImageElement && !node.getAttribute('src'));
}

/** Downloads a PNG image of the rendered element (html-to-image, loaded on first use). */
export async function downloadPng(rendered: HTMLElement, baseName: string): Promise<void> {
  const { toBlob } = await import('html-to-image');
  // Off-screen segments of a long document are not laid out until shown (markdown.css).
  rendered.setAttribute('data-pp-capturing', '');
  let blob: Blob | null;
  try {
    const largestSide = Math.max(rendered.scrollWidth, rendered.scrollHeight, 1);
    blob = await toBlob(rendered, {
      backgroundColor: pageBackground(),
      pixelRatio: Math.min(2, MAX_CANVAS_SIDE / largestSide),
      imagePlaceholder: IMAGE_PLACEHOLDER,
      filter: isCaptured,
    });
  } finally {
    rendered.removeAttribute('data-pp-capturing');
  }
  if (!blob) throw new Error('The image could not be created');
  saveBlob(blob, `${safeBaseName(baseName)}.png`);
}
