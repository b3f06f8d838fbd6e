import { PART_UPLOAD_TIMEOUT_MS } from '@pasteport/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TransferError } from './transfer-error';
import { xhrPut, xhrPutPart } from './xhr-transfer';

/** A scriptable stand-in for XMLHttpRequest, the browser boundary of direct part uploads. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  timeout = 0;
  body: unknown;
  status = 0;
  aborted = false;
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
    this.requestHeaders[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded, total: 0, lengthComputable: false } as ProgressEvent);
  }
  respond(status: number, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = headers;
    this.onload?.();
  }
}

function lastXhr(): FakeXhr {
  const xhr = FakeXhr.instances.at(-1);
  if (!xhr) throw new Error('no XMLHttpRequest was created');
  return xhr;
}

const body = new Blob(['0123456789']);
const target = {
  partNumber: 3,
  url: 'https://s3.test/b/k?partNumber=3&sig=x',
  headers: { 'x-amz-acl': 'private' },
};

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('xhrPut', () => {
  it('PUTs the body with headers and the 300 s timeout, reporting progress and the ETag', async () => {
    const onProgress = vi.fn<(loaded: number) => void>();
    const sending = xhrPut(target.url, body, { headers: target.headers, onProgress });
    const xhr = lastXhr();
    expect(xhr).toMatchObject({
      method: 'PUT',
      url: target.url,
      body,
      timeout: PART_UPLOAD_TIMEOUT_MS,
    });
    expect(xhr.requestHeaders).toEqual({ 'x-amz-acl': 'private' });
    xhr.progress(4);
    xhr.respond(200, { etag: '"9a0364b9e99bb480dd25e1f0284c8555"' });
    await expect(sending).resolves.toEqual({
      status: 200,
      etag: '"9a0364b9e99bb480dd25e1f0284c8555"',
    });
    expect(onProgress.mock.calls).toEqual([[4], [10]]);
  });

  it('resolves with any HTTP answer, and a null ETag when CORS hides it', async () => {
    const sending = xhrPut(target.url, body);
    lastXhr().respond(403);
    await expect(sending).resolves.toEqual({ status: 403, etag: null });
  });

  it('takes a custom timeout', () => {
    void xhrPut(target.url, body, { timeoutMs: 1234 });
    expect(lastXhr().timeout).toBe(1234);
  });

  it.each([
    ['a network or CORS failure', (xhr: FakeXhr) => xhr.onerror?.(), 'network'],
    ['a blocked answer (status 0 on load)', (xhr: FakeXhr) => xhr.respond(0), 'network'],
    ['a timeout', (xhr: FakeXhr) => xhr.ontimeout?.(), 'timeout'],
    ['an abort', (xhr: FakeXhr) => xhr.abort(), 'abort'],
  ] as const)('rejects %s with a typed error', async (_what, fail, kind) => {
    const sending = xhrPut(target.url, body);
    fail(lastXhr());
    const error = await sending.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(TransferError);
    expect(error).toMatchObject({ kind, status: 0 });
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const sending = xhrPut(target.url, body, { signal: controller.signal });
    controller.abort();
    await expect(sending).rejects.toMatchObject({ kind: 'abort' });
    expect(lastXhr().aborted).toBe(true);
  });

  it('sends nothing when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(xhrPut(target.url, body, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'abort',
    });
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('xhrPutPart', () => {
  const options = () => ({ signal: new AbortController().signal, onProgress: vi.fn() });

  it('resolves with the ETag of a 2xx answer', async () => {
    const sending = xhrPutPart(target, body, options());
    expect(lastXhr().requestHeaders).toEqual({ 'x-amz-acl': 'private' });
    lastXhr().respond(200, { etag: '"e1"' });
    await expect(sending).resolves.toBe('"e1"');
  });

  it("resolves '' when the ETag is hidden (the uploader reads it from the server)", async () => {
    const sending = xhrPutPart(target, body, options());
    lastXhr().respond(200);
    await expect(sending).resolves.toBe('');
  });

  it('rejects other answers with an http TransferError', async () => {
    const sending = xhrPutPart(target, body, options());
    lastXhr().respond(403);
    await expect(sending).rejects.toMatchObject({ kind: 'http', status: 403 });
  });
});
