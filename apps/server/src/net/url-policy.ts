import { refused } from './fetch-errors.js';

/** Parses the URL a caller asked for; a string that is no URL is the caller's mistake. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('format', 'this is not a valid URL');
  }
  return checkTargetUrl(url);
}

/**
 * The checks that need no network, applied to the first URL and to every redirect target:
 * only http(s), and no userinfo (credentials in a URL end up in logs and let a URL smuggle
 * an unexpected Authorization header). Any port is allowed: the address policy, not the
 * port, keeps internal services out of reach.
 */
export function checkTargetUrl(url: URL): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused('scheme', 'only http and https URLs can be fetched');
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('credentials', 'URLs with a user name or password are not allowed');
  }
  return url;
}

/** The hostname as a socket wants it: IPv6 literals lose their URL brackets. */
export function socketHostname(url: URL): string {
  const { hostname } = url;
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
