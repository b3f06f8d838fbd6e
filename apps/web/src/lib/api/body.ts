/** Parses a response body: JSON when it says so (or looks like it), text otherwise. */
export function parseBody(text: string, contentType: string | null): unknown {
  if (text.length === 0) return undefined;
  const looksJson = contentType?.includes('json') ?? /^\s*[[{]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page labelled as JSON is still an answer; keep it as text.
    return text;
  }
}

/** Bodies sent as they are; everything else is serialised as JSON (SPEC §7). */
export function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof URLSearchParams
  );
}
