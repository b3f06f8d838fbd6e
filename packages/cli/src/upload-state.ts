import { createHash } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract/plain';
import { configDir, writePrivateFile, type Env } from './config.js';

/** What resuming an unfinished multipart upload needs (SPEC §4: kept 24 hours). */
export interface SavedUpload {
  fileId: string;
  uploadId: string;
  /** The init's secret: every later step presents it. Hence the file's 0600. */
  uploadSecret: string;
  partSize: number;
  partCount: number;
  savedAt: number;
}

/** Which local file an upload is of: the same path, size and mtime on the same server. */
export interface FileIdentity {
  server: string;
  file: string;
  size: number;
  mtimeMs: number;
}

export const uploadStateDir = (env: Env) => path.join(configDir(env), 'uploads');

export function stateFile(env: Env, identity: FileIdentity): string {
  const key = createHash('sha256')
    .update(JSON.stringify([identity.server, identity.file, identity.size, identity.mtimeMs]))
    .digest('hex');
  return path.join(uploadStateDir(env), `${key}.json`);
}

export async function identityOf(server: string, file: string): Promise<FileIdentity> {
  const info = await stat(file);
  return { server, file, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The saved upload of this file, or null (none, unreadable, or older than 24 hours). */
export async function readSavedUpload(
  env: Env,
  identity: FileIdentity,
  now = Date.now(),
): Promise<SavedUpload | null> {
  const file = stateFile(env, identity);
  let saved: Partial<SavedUpload>;
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as Partial<SavedUpload>;
  } catch {
    return null;
  }
  const valid =
    isText(saved.fileId) &&
    isText(saved.uploadId) &&
    isText(saved.uploadSecret) &&
    isCount(saved.partSize) &&
    isCount(saved.partCount) &&
    typeof saved.savedAt === 'number' &&
    now - saved.savedAt < UPLOAD_STATE_TTL_MS;
  if (!valid) {
    await rm(file, { force: true });
    return null;
  }
  return saved as SavedUpload;
}

export async function saveUpload(env: Env, identity: FileIdentity, upload: SavedUpload) {
  await writePrivateFile(stateFile(env, identity), JSON.stringify(upload));
}

export async function forgetUpload(env: Env, identity: FileIdentity) {
  await rm(stateFile(env, identity), { force: true });
}

/** Removes saved uploads past their 24 hours (their server sessions are gone by then too). */
export async function pruneSavedUploads(env: Env, now = Date.now()): Promise<void> {
  const dir = uploadStateDir(env);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > UPLOAD_STATE_TTL_MS) await rm(file, { force: true });
  }
}
