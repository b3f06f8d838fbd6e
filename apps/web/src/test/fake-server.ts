import { errorBody, jsonResponse, stubFetch } from './kits/api-kit';

/** One request as a fake route sees it. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fake route: answers one request. */
export type FakeRoute = (request: FakeRequest) => Response | Promise<Response>;

/** Routes keyed by 'METHOD /api/path', e.g. 'GET /api/test/admin-token'. */
export type FakeRoutes = Record<string, FakeRoute>;

/** A success envelope as the server sends it. */
export function ok(data: unknown, code: 200 | 201 | 202 = 200): Response {
  return jsonResponse(code, { code, message: 'OK', success: true, data });
}

/** A failure envelope with an error code, optional details and extra headers. */
export function fail(
  status: number,
  error: string,
  { details, headers }: { details?: unknown[]; headers?: Record<string, string> } = {},
): Response {
  const response = jsonResponse(status, {
    ...errorBody(status, error),
    ...(details ? { details } : {}),
  });
  for (const [name, value] of Object.entries(headers ?? {})) response.headers.set(name, value);
  return response;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces fetch (the browser boundary) with a tiny fake server: each request goes to the
 * route named by its method and path; anything else is a 404 ROUTE_NOT_FOUND.
 */
export function stubServer(routes: FakeRoutes) {
  const fetchMock = stubFetch();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return jsonResponse(404, errorBody(404, 'ROUTE_NOT_FOUND'));
    return route({ method, url, headers: new Headers(init?.headers), body: parseBody(init?.body) });
  });
  return fetchMock;
}

function urlOf(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
}

/** The requests the fake server received for one route key, e.g. 'POST /api/admin/logout'. */
export function requestsTo(fetchMock: ReturnType<typeof stubFetch>, key: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input).pathname}` === key,
  );
}

/** The JSON body of the first request to a route key. */
export function bodyOf(
  fetchMock: ReturnType<typeof stubFetch>,
  key: string,
): Record<string, unknown> {
  const call = requestsTo(fetchMock, key)[0];
  if (!call) throw new Error(`no request to ${key}`);
  return parseBody(call[1]?.body) as Record<string, unknown>;
}
