/** How a browser should treat a response body: show it, or save it under a name. */
export type DispositionType = 'inline' | 'attachment';

// attr-char of RFC 5987 leaves out these, which encodeURIComponent keeps.
const RFC5987_EXTRA = /['()*]/g;
const CONTROL = /\p{Cc}/gu;

/**
 * Builds a Content-Disposition header (RFC 6266) with an ASCII `filename` fallback and an
 * RFC 5987 `filename*` carrying the exact UTF-8 name. Path separators and controls are
 * replaced so a name can neither break the header nor suggest a directory.
 */
export function contentDisposition(type: DispositionType, filename?: string): string {
  if (filename === undefined || filename === '') return type;
  const clean = filename.replace(CONTROL, '').replace(/[/\\]/g, '_');
  if (clean === '') return type;
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    RFC5987_EXTRA,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
