import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@pasteport/contract/plain';
import { createApiClient } from './client';
import { ApiError, parseRetryAfter } from './errors';
import {
  errorBody,
  fetchCall,
  hangingFetch,
  jsonResponse,
  stubFetch,
} from '../../test/kits/api-kit';
import { installFakeXhr } from '../../test/kits/upload-kit';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = <T>(data: T, code = 200) => ({ code, message: 'OK', success: true, data });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('envelope rule (SPEC §8)', () => {
  it.each([200, 201, 202])('resolves with data for code %i', async (code) => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(code, ok({ slug: 'abc' }, code as 200)));
    await expect(createApiClient().request('/paste/abc')).resolves.toEqual({ slug: 'abc' });
    expect(fetchCall(fetchMock).url).toBe('/api/paste/abc');
  });

  it('fails when the body code is not 200/201/202 even with HTTP 200', async () => {
    stubFetch().mockResolvedValue(jsonResponse(200, errorBody(400, 'VALIDATION_FAILED')));
    const error = await rejection(createApiClient().request('/version'));
    expect(error).toMatchObject({ kind: 'http', status: 200, code: 'VALIDATION_FAILED' });
  });

  it('keeps code, details, message and request id of a failure', async () => {
    const details = [{ field: 'slug', rule: 'max', message: 'too long' }];
    const body = { ...errorBody(400, 'VALIDATION_FAILED', 'Bad slug'), details, requestId: 'r1' };
    stubFetch().mockResolvedValue(jsonResponse(400, body));
    const error = await rejection(
      createApiClient().request('/paste', { method: 'POST', body: { content: 'x' } }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details,
      serverMessage: 'Bad slug',
      requestId: 'r1',
    });
  });

  it('keeps the data of a failure, over fetch and over XMLHttpRequest (the 507 numbers)', async () => {
    const numbers = { file_size: 3, remaining: 1, total_capacity: 10 };
    const body = { ...errorBody(507, 'INSUFFICIENT_STORAGE'), data: numbers };
    stubFetch().mockResolvedValue(jsonResponse(507, body));
    const fetched = await rejection(
      createApiClient().request('/upload/multipart/init', { method: 'POST', body: {} }),
    );
    expect(fetched).toMatchObject({ status: 507, transport: 'fetch', data: numbers });
    installFakeXhr((xhr) => xhr.respond(507, body));
    const sent = await rejection(createApiClient().upload('/upload', new FormData()));
    expect(sent).toMatchObject({ status: 507, transport: 'upload', data: numbers });
  });

  it('drops an error code the contract does not know', async () => {
    stubFetch().mockResolvedValue(jsonResponse(418, errorBody(418, 'TEAPOT', 'short and stout')));
    const error = await rejection(createApiClient().request('/x'));
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('short and stout');
  });

  it('passes a body without a code through on 2xx and fails it otherwise', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { url: 'https://viewer' }));
    await expect(createApiClient().request('/office-preview/a')).resolves.toEqual({
      url: 'https://viewer',
    });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const error = await rejection(createApiClient().request('/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: 'Bad gateway' });
  });
});

describe('calls of the endpoint table', () => {
  it('take method and path from the entry, each parameter URL-encoded', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient().call(ROUTES.updateAdminPaste, {
      params: { id: 'a b/c?' },
      body: { remark: 'x' },
      query: { page: 2 },
    });
    const { url, init } = fetchCall(fetchMock);
    expect(url).toBe('/api/admin/pastes/a%20b%2Fc%3F?page=2');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"remark":"x"}');
  });

  it("carry the entry's error context, not a guess from the URL", async () => {
    stubFetch().mockResolvedValue(jsonResponse(500, errorBody(500, 'INTERNAL')));
    const files = await rejection(createApiClient().call(ROUTES.listAdminFiles));
    expect(files.context).toBe('file');
    const pastes = await rejection(createApiClient().call(ROUTES.listAdminPastes));
    expect(pastes.context).toBe('default');
  });

  it('refuse an entry whose path parameter is missing, before any request', async () => {
    const fetchMock = stubFetch();
    await expect(createApiClient().call(ROUTES.openPaste)).rejects.toThrow('slug');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('request shape (SPEC §7)', () => {
  it('serialises query objects: arrays repeated, undefined and null skipped', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok([])));
    await createApiClient().request('/fs/search', {
      query: {
        q: 'a b',
        scope: 'global',
        ids: [1, 2, 3],
        mount_id: undefined,
        path: null,
        x: true,
      },
    });
    expect(fetchCall(fetchMock).url).toBe(
      '/api/fs/search?q=a+b&scope=global&ids=1&ids=2&ids=3&x=true',
    );
  });

  it('adds a leading slash to paths written without one', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient().request('s3/presign', { method: 'POST', body: { filename: 'a' } });
    expect(fetchCall(fetchMock).url).toBe('/api/s3/presign');
  });

  it('sends objects as JSON', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(201, ok({ id: 1 }, 201)));
    await createApiClient().request('/admin/pastes/batch-delete', {
      method: 'POST',
      body: { ids: [1, 2] },
    });
    const { init, headers } = fetchCall(fetchMock);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"ids":[1,2]}');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('passes FormData through untouched, leaving Content-Type to the browser', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    const form = new FormData();
    form.append('path', '/docs');
    await createApiClient().request('/fs/upload', { method: 'POST', body: form });
    const { init, headers } = fetchCall(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('content-type')).toBe(false);
  });

  it('sends no Authorization when the provider has no credential', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient({ getCredential: () => undefined }).request('/version');
    expect(fetchCall(fetchMock).headers.has('authorization')).toBe(false);
  });

  it.each([
    [{ kind: 'admin', token: 't0k' } as const, 'Bearer t0k'],
    [{ kind: 'apikey', key: 'k3y' } as const, 'ApiKey k3y'],
  ])('sends the Authorization header of %j', async (credential, header) => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient({ getCredential: () => credential }).request('/admin/api-keys');
    expect(fetchCall(fetchMock).headers.get('authorization')).toBe(header);
  });
});

describe('failures without an answer', () => {
  it('times out after 30 s', async () => {
    vi.useFakeTimers();
    stubFetch().mockImplementation(hangingFetch());
    const settled = vi.fn();
    const call = createApiClient().request('/slow');
    call.catch(settled);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await rejection(call)).kind).toBe('timeout');
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    stubFetch().mockImplementation(hangingFetch());
    const call = createApiClient().request('/slow', { timeoutMs: 500 });
    const error = rejection(call);
    await vi.advanceTimersByTimeAsync(500);
    expect((await error).kind).toBe('timeout');
  });

  it('reports a cancelled request as aborted', async () => {
    stubFetch().mockImplementation(hangingFetch());
    const controller = new AbortController();
    const call = createApiClient().request('/slow', { signal: controller.signal });
    controller.abort();
    expect((await rejection(call)).kind).toBe('aborted');
  });

  it('does not even start when the signal is already aborted', async () => {
    const fetchMock = stubFetch();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(createApiClient().request('/x', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a rejected fetch as a network failure', async () => {
    stubFetch().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(createApiClient().request('/x'));
    expect(error).toMatchObject({ kind: 'network', status: undefined, transport: 'fetch' });
  });
});

describe('401 and the logout hook', () => {
  const unauthorized = () => jsonResponse(401, errorBody(401, 'UNAUTHORIZED'));

  it.each(['admin', 'apikey'] as const)('calls onUnauthorized(%s) for a 401', async (kind) => {
    stubFetch().mockResolvedValue(unauthorized());
    const onUnauthorized = vi.fn();
    const credential = kind === 'admin' ? { kind, token: 't' } : { kind, key: 'k' };
    const client = createApiClient({ getCredential: () => credential, onUnauthorized });
    const error = await rejection(client.request('/admin/pastes'));
    expect(onUnauthorized).toHaveBeenCalledWith(kind);
    expect(error.credentialKind).toBe(kind);
  });

  it.each([
    ['unlockPaste', { slug: 'abc' }],
    ['verifyFile', { slug: 'abc' }],
    ['changePassword', {}],
  ] as const)('never calls it for %s (password checks)', async (name, params) => {
    stubFetch().mockResolvedValue(jsonResponse(401, errorBody(401, 'PASSWORD_INVALID')));
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      getCredential: () => ({ kind: 'admin', token: 't' }),
      onUnauthorized,
    });
    await rejection(client.call(ROUTES[name], { params, body: { password: 'x' } }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call it for anonymous requests', async () => {
    stubFetch().mockResolvedValue(unauthorized());
    const onUnauthorized = vi.fn();
    await rejection(createApiClient({ onUnauthorized }).request('/admin/pastes'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('marks the error when the hook itself throws', async () => {
    stubFetch().mockResolvedValue(unauthorized());
    const client = createApiClient({
      getCredential: () => ({ kind: 'admin', token: 't' }),
      onUnauthorized: () => {
        throw new Error('store unavailable');
      },
    });
    expect((await rejection(client.request('/admin/pastes'))).authHandlingFailed).toBe(true);
  });
});

describe('Retry-After', () => {
  it('is kept on a 429 as seconds', async () => {
    const response = jsonResponse(429, errorBody(429, 'RATE_LIMITED'));
    response.headers.set('retry-after', '120');
    stubFetch().mockResolvedValue(response);
    const error = await rejection(
      createApiClient().request('/admin/login', { method: 'POST', body: {} }),
    );
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120 });
  });

  it('is undefined when the header is absent', async () => {
    stubFetch().mockResolvedValue(jsonResponse(429, errorBody(429, 'RATE_LIMITED')));
    expect((await rejection(createApiClient().request('/x'))).retryAfterSeconds).toBeUndefined();
  });

  it('reads delay seconds and HTTP dates', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('offline queue (SPEC §7 offline replay)', () => {
  const queued = () => {
    const requests: unknown[] = [];
    const enqueue = vi.fn((request: unknown) => {
      requests.push(request);
      return Promise.resolve();
    });
    return { requests, enqueue };
  };

  it('sends a replayable call with a fresh Idempotency-Key each time', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, ok({ slug: 'a' }, 201))));
    const client = createApiClient();
    await client.call(ROUTES.createPaste, { body: { content: 'x' } });
    await client.call(ROUTES.createPaste, { body: { content: 'x' } });
    const keys = fetchMock.mock.calls.map((_call, index) =>
      fetchCall(fetchMock, index).headers.get('Idempotency-Key'),
    );
    expect(keys[0]).toMatch(/^[\x21-\x7e]+$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('queues a replayable call made offline without touching the network', async () => {
    const fetchMock = stubFetch();
    const { requests, enqueue } = queued();
    const client = createApiClient({ getOfflineEnqueue: () => enqueue, isOnline: () => false });
    const error = await rejection(
      client.call(ROUTES.updateAdminPaste, { params: { id: 'p1' }, body: { content: 'y' } }),
    );
    expect(error.kind).toBe('queued');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(requests).toEqual([
      expect.objectContaining({
        type: 'updatePaste',
        endpoint: '/admin/pastes/p1',
        method: 'PUT',
        body: { content: 'y' },
      }),
    ]);
  });

  it('queues a call that got no answer under the key it was sent with', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { requests, enqueue } = queued();
    const client = createApiClient({ getOfflineEnqueue: () => enqueue, isOnline: () => true });
    const error = await rejection(client.call(ROUTES.createPaste, { body: { content: 'z' } }));
    expect(error.kind).toBe('queued');
    const sentKey = fetchCall(fetchMock).headers.get('Idempotency-Key');
    expect(requests).toEqual([expect.objectContaining({ idempotencyKey: sentKey })]);
  });

  it('never queues what the SPEC does not list, nor an HTTP refusal', async () => {
    const fetchMock = stubFetch();
    const { enqueue } = queued();
    const offline = createApiClient({ getOfflineEnqueue: () => enqueue, isOnline: () => false });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await rejection(offline.call(ROUTES.createApiKey, { body: { name: 'k' } }))).kind).toBe(
      'network',
    );
    const online = createApiClient({ getOfflineEnqueue: () => enqueue, isOnline: () => true });
    fetchMock.mockResolvedValue(jsonResponse(409, errorBody(409, 'SLUG_TAKEN')));
    expect((await rejection(online.call(ROUTES.createPaste, { body: {} }))).kind).toBe('http');
    expect(enqueue).not.toHaveBeenCalled();
  });
});
