import { vi } from 'vitest';

/** A fetch Response with a JSON body, as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The server's failure envelope (docs/ARCHITECTURE.md §4). */
export function errorBody(code: number, error: string | undefined, message = 'Server prose') {
  return { code, message, success: false, data: null, ...(error ? { error } : {}) };
}

/** Replaces global fetch (the browser boundary) with a mock for one test. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers but rejects like the browser once its signal aborts. */
export function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (init?.signal?.aborted) abort();
      init?.signal?.addEventListener('abort', abort);
    });
}

/** The URL and init of the n-th fetch call. */
export function fetchCall(fetchMock: ReturnType<typeof stubFetch>, index = 0) {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} time(s)`);
  const [input, init] = call;
  const headers = new Headers(init?.headers);
  const url = input instanceof Request ? input.url : input.toString();
  return { url, init: init ?? {}, headers };
}
