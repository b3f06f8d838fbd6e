import documentCss from './markdown.css?inline';

const UI_SELECTOR = '[data-pp-ui]';

/**
 * The exported file runs no script at all: the policy allows only inline styles, images and
 * media from the web or data URLs, and nothing else (no scripts, frames, forms, base URL).
 */
export const EXPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; " +
  "media-src https: http:; font-src data:; base-uri 'none'; form-action 'none'";

// Page frame plus math without KaTeX's stylesheet and fonts: the browser's own MathML
// rendering (KaTeX's MathML copy) is shown and KaTeX's positioned HTML copy hidden.
const EXPORT_FRAME_CSS = `
body { margin: 0; background: #fff; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"; }
@media (prefers-color-scheme: dark) { body { background: #0d1117; } }
main.pp-markdown { box-sizing: border-box; max-width: 980px; margin: 0 auto; padding: 32px 24px; }
.pp-markdown .katex-html { display: none; }
.pp-markdown .katex-display math { display: block; overflow-x: auto; }
`;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The rendered document's markup without our UI (copy buttons, diagram status lines). */
export function documentMarkup(rendered: HTMLElement): string {
  const copy = rendered.cloneNode(true) as HTMLElement;
  for (const element of Array.from(copy.querySelectorAll(UI_SELECTOR))) element.remove();
  for (const element of Array.from(copy.querySelectorAll('script'))) element.remove();
  return copy.innerHTML;
}

/** A standalone, script-free HTML document of the rendered element. */
export function buildStandaloneHtml(
  rendered: HTMLElement,
  title: string,
  language: string,
): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(EXPORT_CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${documentCss}\n${EXPORT_FRAME_CSS}</style>`,
    '</head>',
    '<body>',
    `<main class="pp-markdown">${documentMarkup(rendered)}</main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
