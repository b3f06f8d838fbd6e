import { afterEach, describe, expect, it, vi } from 'vitest';
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
    await expect(createApiClient().get('/paste/abc')).resolves.toEqual({ slug: 'abc' });
    expect(fetchCall(fetchMock).url).toBe('/api/paste/abc');
  });

  it('fails when the body code is not 200/201/202 even with HTTP 200', async () => {
    stubFetch().mockResolvedValue(jsonResponse(200, errorBody(400, 'VALIDATION_FAILED')));
    const error = await rejection(createApiClient().get('/version'));
    expect(error).toMatchObject({ kind: 'http', status: 200, code: 'VALIDATION_FAILED' });
  });

  it('keeps code, details, message and request id of a failure', async () => {
    const details = [{ field: 'slug', rule: 'max', message: 'too long' }];
    const body = { ...errorBody(400, 'VALIDATION_FAILED', 'Bad slug'), details, requestId: 'r1' };
    stubFetch().mockResolvedValue(jsonResponse(400, body));
    const error = await rejection(createApiClient().post('/paste', { content: 'x' }));
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
    const fetched = await rejection(createApiClient().post('/upload/multipart/init', {}));
    expect(fetched).toMatchObject({ status: 507, transport: 'fetch', data: numbers });
    installFakeXhr((xhr) => xhr.respond(507, body));
    const sent = await rejection(createApiClient().upload('/upload', new FormData()));
    expect(sent).toMatchObject({ status: 507, transport: 'upload', data: numbers });
  });

  it('drops an error code the contract does not know', async () => {
    stubFetch().mockResolvedValue(jsonResponse(418, errorBody(418, 'TEAPOT', 'short and stout')));
    const error = await rejection(createApiClient().get('/x'));
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBe('short and stout');
  });

  it('passes a body without a code through on 2xx and fails it otherwise', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { url: 'https://viewer' }));
    await expect(createApiClient().get('/office-preview/a')).resolves.toEqual({
      url: 'https://viewer',
    });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const error = await rejection(createApiClient().get('/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: 'Bad gateway' });
  });
});

describe('request shape (SPEC §7)', () => {
  it('serialises query objects: arrays repeated, undefined and null skipped', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok([])));
    await createApiClient().get('/fs/search', {
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
    await createApiClient().post('s3/presign', { filename: 'a' });
    expect(fetchCall(fetchMock).url).toBe('/api/s3/presign');
  });

  it('sends objects as JSON', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(201, ok({ id: 1 }, 201)));
    await createApiClient().post('/admin/pastes/batch-delete', { ids: [1, 2] });
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
    await createApiClient().post('/fs/upload', form);
    const { init, headers } = fetchCall(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('content-type')).toBe(false);
  });

  it('sends no Authorization when the provider has no credential', async () => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient({ getCredential: () => undefined }).get('/version');
    expect(fetchCall(fetchMock).headers.has('authorization')).toBe(false);
  });

  it.each([
    [{ kind: 'admin', token: 't0k' } as const, 'Bearer t0k'],
    [{ kind: 'apikey', key: 'k3y' } as const, 'ApiKey k3y'],
  ])('sends the Authorization header of %j', async (credential, header) => {
    const fetchMock = stubFetch();
    fetchMock.mockResolvedValue(jsonResponse(200, ok(null)));
    await createApiClient({ getCredential: () => credential }).get('/admin/api-keys');
    expect(fetchCall(fetchMock).headers.get('authorization')).toBe(header);
  });
});

describe('failures without an answer', () => {
  it('times out after 30 s', async () => {
    vi.useFakeTimers();
    stubFetch().mockImplementation(hangingFetch());
    const settled = vi.fn();
    const call = createApiClient().get('/slow');
    call.catch(settled);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await rejection(call)).kind).toBe('timeout');
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    stubFetch().mockImplementation(hangingFetch());
    const call = createApiClient().get('/slow', { timeoutMs: 500 });
    const error = rejection(call);
    await vi.advanceTimersByTimeAsync(500);
    expect((await error).kind).toBe('timeout');
  });

  it('reports a cancelled request as aborted', async () => {
    stubFetch().mockImplementation(hangingFetch());
    const controller = new AbortController();
    const call = createApiClient().get('/slow', { signal: controller.signal });
    controller.abort();
    expect((await rejection(call)).kind).toBe('aborted');
  });

  it('does not even start when the signal is already aborted', async () => {
    const fetchMock = stubFetch();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(createApiClient().get('/x', { signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a rejected fetch as a network failure', async () => {
    stubFetch().mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(createApiClient().get('/x'));
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
    const error = await rejection(client.get('/admin/pastes'));
    expect(onUnauthorized).toHaveBeenCalledWith(kind);
    expect(error.credentialKind).toBe(kind);
  });

  it.each([
    ['POST', '/paste/abc'],
    ['POST', '/public/files/abc/verify'],
    ['POST', '/admin/change-password'],
  ])('never calls it for %s %s (password checks)', async (method, path) => {
    stubFetch().mockResolvedValue(jsonResponse(401, errorBody(401, 'PASSWORD_INVALID')));
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      getCredential: () => ({ kind: 'admin', token: 't' }),
      onUnauthorized,
    });
    await rejection(client.request(path, { method: method as 'POST', body: { password: 'x' } }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not call it for anonymous requests', async () => {
    stubFetch().mockResolvedValue(unauthorized());
    const onUnauthorized = vi.fn();
    await rejection(createApiClient({ onUnauthorized }).get('/admin/pastes'));
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
    expect((await rejection(client.get('/admin/pastes'))).authHandlingFailed).toBe(true);
  });
});

describe('Retry-After', () => {
  it('is kept on a 429 as seconds', async () => {
    const response = jsonResponse(429, errorBody(429, 'RATE_LIMITED'));
    response.headers.set('retry-after', '120');
    stubFetch().mockResolvedValue(response);
    const error = await rejection(createApiClient().post('/admin/login', {}));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 120 });
  });

  it('is undefined when the header is absent', async () => {
    stubFetch().mockResolvedValue(jsonResponse(429, errorBody(429, 'RATE_LIMITED')));
    expect((await rejection(createApiClient().get('/x'))).retryAfterSeconds).toBeUndefined();
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
