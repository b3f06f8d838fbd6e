/** One query value; numbers and booleans are sent as their string form. */
export type QueryValue = string | number | boolean;

/** Query parameters as an object: arrays repeat the key, null and undefined are left out. */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[] | null | undefined>;

function valuesOf(value: QueryParams[string]): readonly QueryValue[] {
  if (value === undefined || value === null) return [];
  return typeof value === 'object' ? value : [value];
}

/** Serialises query parameters in insertion order (SPEC §7: arrays are repeated). */
export function serializeQuery(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of valuesOf(value)) params.append(key, String(item));
  }
  return params.toString();
}

/** Joins the API base, a path (with or without a leading slash) and the query string. */
export function buildUrl(base: string, path: string, query?: QueryParams): string {
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const search = serializeQuery(query);
  if (search.length === 0) return `${base}${cleanPath}`;
  return `${base}${cleanPath}${cleanPath.includes('?') ? '&' : '?'}${search}`;
}
