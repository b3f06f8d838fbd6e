import type { FileDetail } from '@pasteport/contract';
import { vi } from 'vitest';
import { givenFileDetail } from './file-kit';

/** A file as the server describes it after an upload (the file kit's, as an upload makes it). */
export function uploadedFileDetail(overrides: Partial<FileDetail> = {}): FileDetail {
  return givenFileDetail({
    id: 'file-1',
    slug: 'Ab12Cd34',
    filename: 'report.pdf',
    mimetype: 'application/pdf',
    created_by: null,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...overrides,
  });
}

/** A file of `size` bytes (content is zeros; only the size matters to the uploader). */
export function givenFile(name: string, size: number, lastModified = 1_700_000_000_000): File {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream', lastModified });
}

/** A scriptable stand-in for XMLHttpRequest, the browser boundary of uploads with progress. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  /** Called when a request is sent; answer it with respond/progress/fail. */
  static onSend: (xhr: FakeXhr) => void = () => {};

  method = '';
  url = '';
  timeout = 0;
  body: unknown;
  status = 0;
  responseText = '';
  requestHeaders: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

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
    FakeXhr.onSend(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    this.onload?.();
  }
  /** The form fields sent (FormData bodies only), without the file part. */
  formFields(): Record<string, string> {
    if (!(this.body instanceof FormData)) throw new Error('the body is not a form');
    const fields: Record<string, string> = {};
    for (const [name, value] of this.body.entries()) {
      if (typeof value === 'string') fields[name] = value;
    }
    return fields;
  }
}

/** Installs FakeXhr for one test (setup.ts unstubs globals after each test). */
export function installFakeXhr(onSend: (xhr: FakeXhr) => void = () => {}) {
  FakeXhr.instances = [];
  FakeXhr.onSend = onSend;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The success envelope the server answers with. */
export function envelope(data: unknown, code: 200 | 201 = 201) {
  return { code, message: 'OK', success: true, data };
}

/** The URL a fetch call was made with. */
export function requestUrl(input: RequestInfo | URL | undefined): string {
  if (input === undefined) throw new Error('no request');
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.toString() : input.url;
}
