import DOMPurify, { type Config } from 'dompurify';
import { addMarkRestoreHooks, neutralizeHandlerNames } from '../sanitize/handler-names';

type Sanitize = (dirty: string | Node, config?: Config) => unknown;

let guarded = false;

/**
 * Mermaid cleans label HTML, and its finished SVG, with DOMPurify's shared instance (ours are
 * separate ones), which parses `<img onerror=…>` from a diagram source in this window: Chromium
 * files a CSP report for that parse (see sanitize/handler-names.ts). This makes the shared
 * instance neutralise handler names before every parse, at the point Mermaid's own rewriting of
 * the label is done. Idempotent; nothing else in the app uses the shared instance.
 */
export function guardMermaidPurifier(): void {
  if (guarded) return;
  guarded = true;
  addMarkRestoreHooks(DOMPurify);
  const sanitize = DOMPurify.sanitize.bind(DOMPurify) as Sanitize;
  const guardedSanitize: Sanitize = (dirty, config) =>
    sanitize(typeof dirty === 'string' ? neutralizeHandlerNames(dirty) : dirty, config);
  DOMPurify.sanitize = guardedSanitize as typeof DOMPurify.sanitize;
}
