import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { TestApp } from './app-harness.js';

/** Adds an active mount straight into the table and tells the mount table. */
export async function givenMount(
  t: TestApp,
  mountPath: string,
  storageConfigId: string,
  extra: { read_only?: boolean; cache_ttl?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('mounts')
    .values({
      id,
      name: mountPath.slice(1, 50) || 'root',
      mount_path: mountPath,
      mount_path_key: mountPath.toLowerCase(),
      storage_config_id: storageConfigId,
      remark: null,
      sort_order: 0,
      cache_ttl: extra.cache_ttl ?? 0,
      is_active: 1,
      read_only: extra.read_only ? 1 : 0,
      created_by: 'admin',
      created_at: now,
      updated_at: now,
      last_used: null,
      last_refresh: null,
    })
    .execute();
  await t.root.mountTable.changed(id);
  return id;
}

/** Writes an object straight through a storage's driver. */
export async function seedObject(t: TestApp, storageId: string, key: string, data: Buffer) {
  const driver = await t.storage.getDriver(storageId);
  await driver.write(key, Readable.from([data]), {
    contentType: 'application/octet-stream',
    contentLength: data.length,
  });
}

/** Reads an object whole (test sizes only). */
export async function readObject(t: TestApp, storageId: string, key: string): Promise<Buffer> {
  const driver = await t.storage.getDriver(storageId);
  const { stream } = await driver.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Creates an active mount through the admin API (name = its path); answers its id. */
export async function createMount(
  t: TestApp,
  token: string,
  mountPath: string,
  storageConfigId: string,
  extra: { cache_ttl?: number; read_only?: boolean } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mounts',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: mountPath,
      mount_path: mountPath,
      storage_config_id: storageConfigId,
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`mount: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}
