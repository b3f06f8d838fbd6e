import { createHash } from 'node:crypto';

type Frame =
  | { items: readonly unknown[]; next: number }
  | { object: Readonly<Record<string, unknown>>; keys: string[]; next: number };

/**
 * A parsed JSON value written one canonical way: object keys sorted (UTF-16 code unit order),
 * no whitespace, strings and numbers as JSON.stringify writes them. Two bodies that parse to
 * the same value — keys in another order, other spacing, `1.0` for `1`, `\u00e9` for `é` —
 * read the same, as the route sees them the same. Iterative, so a deeply nested body (JSON.parse
 * takes any depth) cannot overflow the stack.
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  const stack: Frame[] = [];
  let pending: { value: unknown } | undefined = { value };
  for (;;) {
    if (pending !== undefined) {
      const current = pending.value;
      pending = undefined;
      if (Array.isArray(current)) {
        out += '[';
        stack.push({ items: current, next: 0 });
      } else if (current !== null && typeof current === 'object') {
        out += '{';
        const object = current as Record<string, unknown>;
        stack.push({ object, keys: Object.keys(object).sort(), next: 0 });
      } else {
        out += JSON.stringify(current) ?? 'null';
      }
    }
    const top = stack.at(-1);
    if (top === undefined) return out;
    if ('items' in top) {
      if (top.next === top.items.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (top.next > 0) out += ',';
      pending = { value: top.items[top.next] };
    } else {
      const key = top.keys[top.next];
      if (key === undefined) {
        out += '}';
        stack.pop();
        continue;
      }
      if (top.next > 0) out += ',';
      out += `${JSON.stringify(key)}:`;
      pending = { value: top.object[key] };
    }
    top.next += 1;
  }
}

/** What the fingerprint reads of a request. */
export interface FingerprintedRequest {
  method: string;
  /** The path with its query, as sent. */
  url: string;
  /** The parsed JSON body; undefined when the route streams its body or there is none. */
  body: unknown;
  contentType: string | undefined;
  contentLength: string | undefined;
  /** Whether a body is announced at all (a length above 0, or chunked). */
  hasBody: boolean;
}

/**
 * SHA-256 hex of what makes two requests the same request: method, path with query, and the
 * body — a JSON body by its canonical form; a streamed body (an upload: never read ahead of
 * its route) only by its media type without parameters (a multipart boundary differs on each
 * try) and its declared length, so two streams of the same type and length count as the same.
 */
export function requestFingerprint(request: FingerprintedRequest): string {
  const hash = createHash('sha256').update(`${request.method}\n${request.url}\n`);
  if (request.body !== undefined) {
    hash.update(`json\n${canonicalJson(request.body)}`);
  } else if (request.hasBody) {
    const mediaType = (request.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    hash.update(`stream\n${mediaType}\n${request.contentLength ?? 'chunked'}`);
  } else {
    hash.update('none');
  }
  return hash.digest('hex');
}
