/** The value of one cookie in a Cookie header; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/**
 * A Set-Cookie value that scripts cannot read, that other sites' requests do not carry, and
 * that is sent only under `path`. `value` must already be cookie-safe (our tokens are).
 */
export function strictCookie(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
): string {
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${value}; Path=${options.path}; Max-Age=${options.maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}
