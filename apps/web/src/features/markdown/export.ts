/**
 * Exports of a rendered paste (Markdown, standalone HTML, PDF through the print dialog, PNG).
 * Placeholder signatures until the renderer lands.
 */

/** Downloads the Markdown source as `{baseName}.md`. */
export function downloadMarkdown(_source: string, _baseName: string): void {
  throw new Error('not implemented');
}

/** Downloads a standalone, script-free HTML document of the rendered element. */
export function downloadHtml(_rendered: HTMLElement, _title: string, _baseName: string): void {
  throw new Error('not implemented');
}

/** Opens the print dialog with a print stylesheet showing only the document (save as PDF). */
export function printDocument(): void {
  throw new Error('not implemented');
}

/** Downloads a PNG image of the rendered element. */
export function downloadPng(_rendered: HTMLElement, _baseName: string): Promise<void> {
  return Promise.reject(new Error('not implemented'));
}
