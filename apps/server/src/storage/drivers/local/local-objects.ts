import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../lib/app-error.js';
import type { ObjectInfo, WriteResult } from '../../storage-driver.js';
import { isMissing } from './local-errors.js';
import { publishFile, type TempFile } from './local-file-writer.js';
import { DEFAULT_CONTENT_TYPE, derivedEtag, readSidecar, writeSidecar } from './local-metadata.js';
import type { LocalPaths } from './local-paths.js';

/**
 * Object-level file operations shared by write, copy and multipart completion: every way an
 * object appears goes through publishObject, every way one disappears through deleteObject.
 */

/** Root must exist (never created here: a missing mount must not be papered over). */
export async function prepareRoot(paths: LocalPaths): Promise<void> {
  const root = await stat(paths.root).catch(() => null);
  if (!root?.isDirectory()) {
    // The path stays out of the answer: API keys and guests see this message too.
    throw new AppError('SERVICE_UNAVAILABLE', 'the local storage folder is missing');
  }
  for (const dir of [paths.tmpDir, paths.uploadsDir, paths.metaDir]) {
    await mkdir(dir, { recursive: true });
  }
}

/** ObjectInfo of an object file, from its sidecar while that still describes the file. */
export async function describeObject(
  paths: LocalPaths,
  key: string,
  file: { size: number; mtimeMs: number; mtime: Date },
): Promise<ObjectInfo> {
  const sidecar = await readSidecar(paths.metaPath(key), file);
  return {
    key,
    size: file.size,
    etag: sidecar?.etag ?? derivedEtag(file),
    lastModified: file.mtime,
    contentType: sidecar?.contentType ?? DEFAULT_CONTENT_TYPE,
  };
}

/** Publishes a finished temp file as `key` (atomic rename) and records its metadata. */
export async function publishObject(
  paths: LocalPaths,
  key: string,
  temp: TempFile,
  meta: { etag: string; contentType: string },
): Promise<WriteResult> {
  const destination = paths.objectPath(key);
  try {
    await mkdir(path.dirname(destination), { recursive: true });
    await paths.assertPhysicallyInside(path.dirname(destination));
  } catch (error) {
    await rm(temp.path, { force: true });
    throw error;
  }
  await publishFile(temp.path, destination);
  await writeSidecar(paths.tmpDir, paths.metaPath(key), {
    ...meta,
    size: temp.size,
    mtimeMs: temp.mtimeMs,
  });
  return { size: temp.size, etag: meta.etag };
}

/** Copies an object file into a temp file, ready for publishObject. */
export async function copyToTemp(paths: LocalPaths, source: string): Promise<TempFile> {
  const tmpPath = path.join(paths.tmpDir, `${randomUUID()}.copy`);
  try {
    // FICLONE makes a copy-on-write reflink where the filesystem can, a plain copy elsewhere.
    await copyFile(source, tmpPath, fsConstants.COPYFILE_FICLONE);
    const copied = await stat(tmpPath);
    return { path: tmpPath, size: copied.size, mtimeMs: copied.mtimeMs };
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
}

/**
 * Moves an object file and its sidecar to another key (renames: no byte is copied), then
 * removes the folders the move left empty. Both parents lie physically inside root; a file
 * at the target is replaced atomically, as a write would.
 */
export async function moveObject(
  paths: LocalPaths,
  fromKey: string,
  toKey: string,
): Promise<{ size: number; mtimeMs: number }> {
  const from = paths.objectPath(fromKey);
  const to = paths.objectPath(toKey);
  await paths.assertPhysicallyInside(path.dirname(from));
  await mkdir(path.dirname(to), { recursive: true });
  await paths.assertPhysicallyInside(path.dirname(to));
  await rename(from, to);
  const fromMeta = paths.metaPath(fromKey);
  const toMeta = paths.metaPath(toKey);
  await mkdir(path.dirname(toMeta), { recursive: true });
  // No sidecar (a file copied in by hand): the target's old one must not describe it.
  await rename(fromMeta, toMeta).catch(() => rm(toMeta, { force: true }));
  await pruneAfter(paths, from, fromMeta);
  const moved = await stat(to);
  return { size: moved.size, mtimeMs: moved.mtimeMs };
}

/** Deletes an object and its sidecar; a missing object (or a folder) counts as deleted. */
export async function deleteObject(paths: LocalPaths, key: string): Promise<void> {
  const file = paths.objectPath(key);
  await removeInside(paths, file, unlink, ['EISDIR', 'EPERM']);
  const meta = paths.metaPath(key);
  await rm(meta, { force: true });
  await pruneAfter(paths, file, meta);
}

/**
 * Deletes a folder marker (`key/`): the directory goes when it is empty, and so do the
 * directories that leaves empty; a folder with content stays (its marker only is gone, as on
 * S3). A missing folder, or a file of that name, counts as deleted.
 */
export async function deleteFolderMarker(paths: LocalPaths, key: string): Promise<void> {
  const dir = paths.objectPath(key);
  if (!(await removeInside(paths, dir, rmdir, ['ENOTEMPTY', 'EEXIST']))) return;
  const meta = paths.inside(paths.metaDir, key);
  await rmdir(meta).catch(() => undefined);
  await pruneAfter(paths, dir, meta);
}

/**
 * Removes an entry whose parent lies physically inside root; true when it went, false when it
 * was missing or held for one of the `tolerated` errno codes (anything else is thrown).
 */
async function removeInside(
  paths: LocalPaths,
  target: string,
  remove: (target: string) => Promise<void>,
  tolerated: readonly string[],
): Promise<boolean> {
  try {
    await paths.assertPhysicallyInside(path.dirname(target));
    await remove(target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!isMissing(error) && !tolerated.includes(code)) throw error;
    return false;
  }
}

/** Removes the folders a deleted entry and its metadata left empty. */
async function pruneAfter(paths: LocalPaths, entry: string, meta: string): Promise<void> {
  await pruneEmptyDirs(path.dirname(entry), paths.root);
  await pruneEmptyDirs(path.dirname(meta), paths.metaDir);
}

/** Creates the directory of a folder and its parents; CONFLICT-mapped errors when a file is in the way. */
export async function createDirectory(paths: LocalPaths, key: string): Promise<void> {
  const dir = paths.objectPath(key);
  await mkdir(dir, { recursive: true });
  await paths.assertPhysicallyInside(dir);
}

/** Removes now-empty folders up to (not including) `stop`: S3 has no empty prefixes. */
async function pruneEmptyDirs(dir: string, stop: string): Promise<void> {
  for (let current = dir; current.startsWith(stop + path.sep); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
  }
}
