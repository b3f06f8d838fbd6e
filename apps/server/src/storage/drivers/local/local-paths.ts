import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../lib/app-error.js';
import { validateStorageKey } from '../../storage-key.js';

/** Top-level directories the driver keeps for itself; never listed, never valid as keys. */
export const INTERNAL_DIRS = {
  tmp: '.tmp',
  uploads: '.uploads',
  meta: '.meta',
} as const;

const RESERVED = new Set<string>(Object.values(INTERNAL_DIRS));

/** True when a top-level name belongs to the driver, not to the object namespace. */
export function isReservedTopLevelName(name: string): boolean {
  return RESERVED.has(name);
}

/**
 * Maps storage keys to paths under one root and proves containment twice: lexically (the
 * resolved path is inside root) and physically (no symlink inside root leads out of it).
 */
export class LocalPaths {
  readonly root: string;
  readonly tmpDir: string;
  readonly uploadsDir: string;
  readonly metaDir: string;
  #realRoot: Promise<string> | undefined;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, INTERNAL_DIRS.tmp);
    this.uploadsDir = path.join(this.root, INTERNAL_DIRS.uploads);
    this.metaDir = path.join(this.root, INTERNAL_DIRS.meta);
  }

  /** The validated key's object file path. */
  objectPath(key: string): string {
    validateStorageKey(key);
    const first = key.split('/', 1)[0] ?? '';
    if (isReservedTopLevelName(first)) {
      throw new AppError('VALIDATION_FAILED', `"${first}" is reserved by local storage`, {
        details: [{ field: 'key', rule: 'reserved', message: `"${first}" is reserved` }],
      });
    }
    return this.inside(this.root, key);
  }

  /** The sidecar metadata path of a key (same tree shape under .meta). */
  metaPath(key: string): string {
    this.objectPath(key);
    return this.inside(this.metaDir, `${key}.json`);
  }

  /** Resolves `relative` under `base` and refuses anything that lands outside it. */
  inside(base: string, relative: string): string {
    const resolved = path.resolve(base, ...relative.split('/'));
    if (!resolved.startsWith(base + path.sep)) {
      throw new AppError('VALIDATION_FAILED', 'storage key escapes the storage root', {
        details: [{ field: 'key', rule: 'contained', message: 'escapes the storage root' }],
      });
    }
    return resolved;
  }

  /**
   * Fails unless `existingPath` (which must exist) physically lies inside root, so a symlink
   * planted in the data directory cannot expose or overwrite files elsewhere.
   */
  async assertPhysicallyInside(existingPath: string): Promise<void> {
    this.#realRoot ??= realpath(this.root);
    let realRoot: string;
    try {
      realRoot = await this.#realRoot;
    } catch (error) {
      this.#realRoot = undefined;
      throw error;
    }
    const real = await realpath(existingPath);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) {
      throw new AppError('FORBIDDEN', 'path leads outside the storage root');
    }
  }
}
