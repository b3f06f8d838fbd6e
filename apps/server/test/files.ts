import { randomUUID } from 'node:crypto';
import type { FileDetail } from '@pasteport/contract';
import { inject } from 'vitest';
import type { TestApp } from './app-harness.js';
import { bearer } from './identity.js';
import { s3ConfigBody } from './s3-server.js';

/** The storage kinds every upload mode is tested against. */
export const STORAGE_KINDS = ['local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/**
 * The storage config id uploads of a test go to: the app's default local disk, or a config
 * on the real S3-compatible test server (created through the admin API, its own folder).
 */
export async function givenStorage(
  t: TestApp,
  token: string,
  kind: StorageKind,
  extra: {
    total_storage_bytes?: number | null;
    allow_api_keys?: boolean;
    custom_host?: string;
  } = {},
): Promise<string> {
  if (kind === 'local') {
    const id = (await t.storage.getDefault()).id;
    if (Object.keys(extra).length === 0) return id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/s3-configs/${id}`,
      headers: bearer(token),
      payload: extra,
    });
    if (res.statusCode !== 200) throw new Error(`storage config: ${res.statusCode} ${res.body}`);
    return id;
  }
  const body = s3ConfigBody(inject('s3'), `s3 ${randomUUID()}`, `files/${randomUUID()}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/s3-configs',
    headers: bearer(token),
    payload: { ...body, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`storage config: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}

/** A multipart/form-data body with fields and one file, in the order given. */
export function formBody(
  parts: (
    { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }
  )[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pasteport${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads through `POST /api/upload` and returns the response. */
export function directUpload(
  t: TestApp,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: { filename: string; type: string; data: Buffer },
  order: 'fields-first' | 'file-first' = 'fields-first',
) {
  const fieldParts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const filePart = { name: 'file', ...file };
  const form = formBody(
    order === 'fields-first' ? [...fieldParts, filePart] : [filePart, ...fieldParts],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Sends a presigned request: app paths through inject, absolute URLs (S3) with fetch. */
export async function sendSigned(
  t: TestApp,
  url: string,
  init: { method: 'PUT' | 'GET'; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; etag: string | null; body: Buffer }> {
  if (url.startsWith('/')) {
    const res = await t.app.inject({
      method: init.method,
      url,
      headers: {
        ...(init.headers ?? {}),
        ...(init.body ? { 'content-length': String(init.body.length) } : {}),
      },
      ...(init.body ? { payload: init.body } : {}),
    });
    return {
      status: res.statusCode,
      etag: res.headers.etag ?? null,
      body: res.rawPayload,
    };
  }
  const res = await fetch(url, {
    method: init.method,
    headers: init.headers ?? {},
    ...(init.body ? { body: init.body } : {}),
  });
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** Downloads a file's bytes through the public download route. */
export async function download(t: TestApp, slug: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/file-download/${slug}${query}` });
}

export type Uploaded = FileDetail;
