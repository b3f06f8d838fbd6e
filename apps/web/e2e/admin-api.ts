import { inject } from 'vitest';
import { adminToken } from './sign-in.js';

/** Calls the API as the administrator and answers the envelope's `data` (throws on an error). */
export async function adminApi<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Reads a download as the administrator. */
export async function adminDownload(url: string): Promise<Buffer> {
  const res = await fetch(`${inject('baseUrl')}${url}`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Puts a file into a mount folder through `POST /api/fs/upload`, as the administrator. */
export async function putMountFile(
  folder: string,
  name: string,
  body: Buffer | string,
  type = 'text/plain',
): Promise<void> {
  const form = new FormData();
  form.append('path', folder);
  const bytes = typeof body === 'string' ? body : new Uint8Array(body);
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${inject('baseUrl')}/api/fs/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
}

/** The id of the default storage config (local disk under DATA_DIR, unless changed). */
export async function defaultStorageId(): Promise<string> {
  const configs = await adminApi<{ id: string; is_default: boolean }[]>('GET', '/api/s3-configs');
  const storage = configs.find((config) => config.is_default) ?? configs[0];
  if (!storage) throw new Error('no storage config');
  return storage.id;
}
