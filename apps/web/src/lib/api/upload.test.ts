import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { createApiClient } from './client';
import { describeApiError } from './describe';
import { ApiError } from './errors';
import { sendWithProgress, type UploadProgress } from './upload';

/** A scriptable stand-in for XMLHttpRequest, the browser boundary of uploads. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  timeout = 0;
  body: unknown;
  sent = false;
  status = 0;
  responseText = '';
  requestHeaders: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number | undefined) {
    const event = { loaded, total: total ?? 0, lengthComputable: total !== undefined };
    this.upload.onprogress?.(event as ProgressEvent);
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    this.onload?.();
  }
}

const lastXhr = () => {
  const xhr = FakeXhr.instances.at(-1);
  if (!xhr) throw new Error('no XMLHttpRequest was created');
  return xhr;
};
const t = createI18n('en').t;

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('sendWithProgress', () => {
  it('sends the body with the 300 s part timeout and reports progress', async () => {
    const onProgress = vi.fn<(progress: UploadProgress) => void>();
    const blob = new Blob(['hello']);
    const sending = sendWithProgress({
      url: 'https://s3.example/bucket/key?sig',
      method: 'PUT',
      body: blob,
      headers: { 'Content-Type': 'text/plain' },
      onProgress,
    });
    const xhr = lastXhr();
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual([
      'PUT',
      'https://s3.example/bucket/key?sig',
      300_000,
    ]);
    expect(xhr.requestHeaders['content-type']).toBe('text/plain');
    expect(xhr.body).toBe(blob);

    xhr.progress(2, 5);
    xhr.progress(3, undefined);
    expect(onProgress.mock.calls.map(([p]) => p)).toEqual([
      { loaded: 2, total: 5, percent: 40 },
      { loaded: 3, total: undefined, percent: undefined },
    ]);

    xhr.respond(200, '', { etag: '"abc"' });
    const response = await sending;
    expect(response.status).toBe(200);
    expect(response.header('ETag')).toBe('"abc"');
  });

  it.each([
    ['ontimeout', 'timeout', 'Request timed out.'],
    ['onerror', 'network', 'Network error, check your connection.'],
  ] as const)('%s rejects as %s with the upload message', async (handler, kind, message) => {
    const sending = sendWithProgress({ url: '/api/upload', body: 'x' });
    lastXhr()[handler]?.();
    const error = await sending.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind, transport: 'upload' });
    expect(describeApiError(error, t)).toBe(message);
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const sending = sendWithProgress({ url: '/api/upload', body: 'x', signal: controller.signal });
    controller.abort();
    const error = await sending.catch((reason: unknown) => reason);
    expect(error).toMatchObject({ kind: 'aborted', transport: 'upload' });
    expect(describeApiError(error, t)).toBe('Request cancelled by user.');
  });

  it('never sends when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      sendWithProgress({ url: '/api/upload', body: 'x', signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'aborted' });
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('ApiClient.upload', () => {
  it('posts under /api with query, credential and the envelope rule', async () => {
    const client = createApiClient({ getCredential: () => ({ kind: 'apikey', key: 'k' }) });
    const form = new FormData();
    const uploading = client.upload<{ slug: string }>('/fs/multipart/part', form, {
      query: { partNumber: 2, isLastPart: false },
    });
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/fs/multipart/part?partNumber=2&isLastPart=false');
    expect(xhr.requestHeaders.authorization).toBe('ApiKey k');
    expect(xhr.body).toBe(form);
    xhr.respond(201, { code: 201, message: 'Created', success: true, data: { slug: 'x1' } });
    await expect(uploading).resolves.toEqual({ slug: 'x1' });
  });

  it('raises http errors with the server code and runs the 401 hook', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      getCredential: () => ({ kind: 'admin', token: 't' }),
      onUnauthorized,
    });
    const uploading = client.upload('/upload', new Blob(['x']));
    lastXhr().respond(401, {
      code: 401,
      message: 'no',
      success: false,
      data: null,
      error: 'UNAUTHORIZED',
    });
    await expect(uploading).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(onUnauthorized).toHaveBeenCalledWith('admin');
  });
});
