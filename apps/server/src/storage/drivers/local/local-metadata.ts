import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './local-file-writer.js';

/** What the sidecar remembers about an object file. */
const sidecarSchema = z.object({
  etag: z.string(),
  contentType: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
});

/** Sidecar metadata of one object file, kept under `.meta/<key>.json`. */
export type Sidecar = z.infer<typeof sidecarSchema>;

/** Content type of files that have no (valid) sidecar, e.g. copied in by hand. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Reads the sidecar of an object and trusts it only while it describes the file on disk:
 * a size or mtime mismatch means the file changed behind our back (or a write is between
 * its rename and its sidecar), so the caller falls back to derived values.
 */
export async function readSidecar(
  metaPath: string,
  file: { size: number; mtimeMs: number },
): Promise<Sidecar | null> {
  let raw: string;
  try {
    raw = await readFile(metaPath, 'utf8');
  } catch {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success) return null;
  const sidecar = parsed.data;
  return sidecar.size === file.size && sidecar.mtimeMs === file.mtimeMs ? sidecar : null;
}

/** An ETag for a file without sidecar: changes whenever size or mtime does, like nginx's. */
export function derivedEtag(file: { size: number; mtimeMs: number }): string {
  return `${Math.floor(file.mtimeMs).toString(16)}-${file.size.toString(16)}`;
}

/**
 * The ETag of a new write: a random identifier, not a hash of the content. Hashing every
 * uploaded byte cost a third of the server's CPU per upload; an identifier per write is just as
 * strong a validator, because an object's bytes only ever change by a new write
 * (docs/decisions/0010-local-etags-identify-writes.md). 32 hex digits, shaped like S3's.
 */
export function newWriteEtag(): string {
  return randomBytes(16).toString('hex');
}

/** Writes a sidecar atomically (temp file in `tmpDir`, then rename). */
export async function writeSidecar(
  tmpDir: string,
  metaPath: string,
  sidecar: Sidecar,
): Promise<void> {
  await writeFileAtomic(tmpDir, metaPath, JSON.stringify(sidecar));
}
