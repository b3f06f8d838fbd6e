import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage';

/** One named API host the environment switcher offers (SPEC §2). */
export interface ApiHost {
  name: string;
  /** The API base: an http(s) URL ending in `/api`, or a same-origin path such as `/api`. */
  url: string;
}

/**
 * What `/config.js` sets before the app starts (public/config.js; a static host's operator
 * edits that one file, the Pasteport server serves it from the build as it is).
 */
export interface RuntimeConfigInput {
  apiBaseUrl?: unknown;
  apiHosts?: unknown;
}

declare global {
  interface Window {
    __PASTEPORT_CONFIG__?: RuntimeConfigInput;
  }
}

/** The built-in fallback (SPEC §9): the API on the app's own origin. */
export const DEFAULT_API_BASE = '/api';

/**
 * An API base as the client uses it, or undefined when it is not one: a same-origin path
 * (`/api`) or an absolute http(s) URL without query, fragment or credentials. A bare server
 * address (`https://paste.example.com`) means its `/api`; trailing slashes are dropped.
 */
export function normalizeApiBase(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//')) {
    return /^\/[^?#\s\\]*$/.test(text) ? text.replace(/\/+$/, '') || DEFAULT_API_BASE : undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || text.includes('#')) {
    return undefined;
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? DEFAULT_API_BASE : path}`;
}

/** The configured API base and the switcher's hosts, with anything malformed left out. */
export function readRuntimeConfig(input: RuntimeConfigInput | undefined): {
  apiBaseUrl: string;
  apiHosts: ApiHost[];
} {
  const hosts = Array.isArray(input?.apiHosts) ? (input.apiHosts as unknown[]) : [];
  const apiHosts = hosts.flatMap((host): ApiHost[] => {
    if (typeof host !== 'object' || host === null) return [];
    const { name, url } = host as { name?: unknown; url?: unknown };
    const base = normalizeApiBase(url);
    return typeof name === 'string' && name.trim() !== '' && base !== undefined
      ? [{ name: name.trim(), url: base }]
      : [];
  });
  return { apiBaseUrl: normalizeApiBase(input?.apiBaseUrl) ?? DEFAULT_API_BASE, apiHosts };
}

function runtimeConfig() {
  return readRuntimeConfig(typeof window === 'undefined' ? undefined : window.__PASTEPORT_CONFIG__);
}

/** The API base chosen in the environment switcher, stored in this browser; else undefined. */
export function apiHostOverride(): string | undefined {
  return normalizeApiBase(readStored(STORAGE_KEYS.apiHost));
}

/** Stores the switcher's choice; `undefined` goes back to the configured default. */
export function setApiHostOverride(base: string | undefined): void {
  if (base === undefined) removeStored(STORAGE_KEYS.apiHost);
  else writeStored(STORAGE_KEYS.apiHost, base);
}

/** The configured API base (config.js, else `/api`), ignoring the switcher. */
export function defaultApiBase(): string {
  return runtimeConfig().apiBaseUrl;
}

/** The named hosts config.js offers the switcher. */
export function configuredApiHosts(): ApiHost[] {
  return runtimeConfig().apiHosts;
}

/** Where every API call goes now: the switcher's choice, config.js, or same-origin `/api`. */
export function apiBaseUrl(): string {
  return apiHostOverride() ?? defaultApiBase();
}

/**
 * A link the server wrote (`/api/raw/x`, a file's preview_url, a local signed upload URL)
 * made to reach the server that wrote it: an origin-relative link resolves against the API's
 * origin; absolute links, and every link while the API is on this origin, stay as they are.
 */
export function apiLink(link: string, base = apiBaseUrl()): string {
  if (!base.startsWith('http') || !link.startsWith('/') || link.startsWith('//')) return link;
  return new URL(link, base).toString();
}

/** An absolute URL of an API path (for links users copy or open), on whichever API is used. */
export function absoluteApiUrl(path: string, base = apiBaseUrl()): URL {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  return new URL(`${base}${cleanPath}`, window.location.origin);
}

/**
 * The server behind an API base as a program outside this page reaches it: the base's origin
 * plus any path prefix before its trailing `/api` (`https://h/pp/api` → `https://h/pp`); any
 * other base means its origin. A same-origin base (`/api`) is on this page's origin. Uploader
 * configs and WebDAV clients are given addresses under it.
 */
export function serverRootUrl(
  base: string = apiBaseUrl(),
  pageOrigin: string = window.location.origin,
): string {
  const url = new URL(base, pageOrigin);
  const path = url.pathname.replace(/\/+$/, '');
  const prefix = path.endsWith('/api') ? path.slice(0, -'/api'.length) : '';
  return `${url.origin}${prefix}`;
}
