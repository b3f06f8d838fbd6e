import { DavError } from './dav-error.js';

/** One condition of an `If` list: a state token (lock token) or an entity tag, maybe negated. */
export type IfCondition = { not: boolean } & ({ token: string } | { etag: string });

/** One list of an `If` header: all its conditions must hold, for its resource. */
export interface IfList {
  /** The tagged resource (a URL or path as sent), or null for the request URL. */
  resource: string | null;
  conditions: IfCondition[];
}

const malformed = () => new DavError(400, 'malformed If header');

/**
 * Parses an `If` header (RFC 4918 §10.4): untagged lists `(<token> ["etag"]) (Not <token>)`
 * or tagged ones `<url> (…)`. Anything else is a 400.
 */
export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let at = 0;
  let resource: string | null = null;
  let tagged: boolean | null = null;
  const skipSpace = () => {
    while (at < header.length && /\s/.test(header[at]!)) at++;
  };
  const readUntil = (close: string) => {
    const end = header.indexOf(close, at + 1);
    if (end === -1) throw malformed();
    const value = header.slice(at + 1, end);
    at = end + 1;
    return value;
  };
  skipSpace();
  while (at < header.length) {
    const c = header[at];
    if (c === '<') {
      if (tagged === false) throw malformed();
      tagged = true;
      resource = readUntil('>');
    } else if (c === '(') {
      if (tagged === null) tagged = false;
      at++;
      const conditions: IfCondition[] = [];
      for (;;) {
        skipSpace();
        if (header[at] === ')') {
          at++;
          break;
        }
        let not = false;
        if (/^not\b/i.test(header.slice(at, at + 4))) {
          not = true;
          at += 3;
          skipSpace();
        }
        if (header[at] === '<') conditions.push({ not, token: readUntil('>') });
        else if (header[at] === '[') conditions.push({ not, etag: readUntil(']') });
        else throw malformed();
      }
      if (conditions.length === 0) throw malformed();
      lists.push({ resource, conditions });
    } else {
      throw malformed();
    }
    skipSpace();
  }
  if (lists.length === 0) throw malformed();
  return lists;
}

/** Lock tokens an `If` header submits (RFC 4918 §10.4.1: named without Not). */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const condition of list.conditions) {
      if ('token' in condition && !condition.not) tokens.add(condition.token);
    }
  }
  return tokens;
}

/** What the evaluation needs to know of a resource. */
export interface IfResourceState {
  /** The current entity tag, bare (no quotes, no W/), or null when there is none. */
  etag: string | null;
  /** The tokens of the live locks on it (its own, and depth-infinity ones above it). */
  tokens: ReadonlySet<string>;
}

/** A bare entity tag: quotes and a weak marker removed, so both sides compare alike. */
export function bareEntityTag(tag: string): string {
  return tag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}

/**
 * Whether the header holds: some list whose every condition matches the state of its
 * resource. `stateOf` is asked once per distinct resource.
 */
export async function ifHeaderHolds(
  lists: readonly IfList[],
  stateOf: (resource: string | null) => Promise<IfResourceState>,
): Promise<boolean> {
  const states = new Map<string | null, IfResourceState>();
  for (const list of lists) {
    let state = states.get(list.resource);
    if (!state) {
      state = await stateOf(list.resource);
      states.set(list.resource, state);
    }
    const current = state;
    const holds = list.conditions.every((condition) => {
      const matches =
        'token' in condition
          ? current.tokens.has(condition.token)
          : current.etag !== null && bareEntityTag(condition.etag) === current.etag;
      return condition.not ? !matches : matches;
    });
    if (holds) return true;
  }
  return false;
}
