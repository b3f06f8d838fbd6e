const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `start` once for every caller that asks for `key` while it is in flight. Content reads
 * are counted against a file's view limit, and React StrictMode runs mount effects twice: two
 * callers starting together must not cost the reader two views. The entry goes once the
 * request settles, so a later call (a new visit) reads again.
 */
export function shareInFlight<T>(key: string, start: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const request = start().finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}
