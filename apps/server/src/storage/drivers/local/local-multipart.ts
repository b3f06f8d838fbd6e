import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import type { CompletedPart, UploadedPart } from '../../storage-driver.js';
import {
  MULTIPART_MAX_PART_SIZE,
  MULTIPART_MIN_PART_SIZE,
  validateCompletedParts,
  validatePartNumber,
} from '../../storage-rules.js';
import { isMissing } from './local-errors.js';
import { newWriteEtag } from './local-metadata.js';
import {
  publishFile,
  writeFileAtomic,
  writeTempFile,
  type WriteLimits,
  type TempFile,
} from './local-file-writer.js';

/**
 * Multipart uploads on disk, mirroring S3: `.uploads/<uploadId>/upload.json` names the key,
 * each part is `<n>.part` plus `<n>.json` (etag, size). Parts are renamed in only when fully
 * written, so listParts never reports a half-written part and resume can trust it.
 */

const UPLOAD_ID = /^[0-9a-f]{32}$/;
const uploadSchema = z.object({ key: z.string(), contentType: z.string() });
const partSchema = z.object({ etag: z.string(), size: z.number().int().nonnegative() });

/** The manifest of an open upload. */
export type UploadManifest = z.infer<typeof uploadSchema>;

function noSuchUpload(): AppError {
  return new AppError('NOT_FOUND', 'multipart upload not found');
}

/** Directory-backed multipart state under one uploads directory. */
export class LocalMultipartStore {
  constructor(
    private readonly uploadsDir: string,
    private readonly tmpDir: string,
  ) {}

  /** Opens a new upload for `key`; returns its id. */
  async create(key: string, contentType: string): Promise<string> {
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.dir(uploadId);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'upload.json'), JSON.stringify({ key, contentType }));
    return uploadId;
  }

  /** The manifest of an open upload of `key`; NOT_FOUND for unknown ids or another key. */
  async open(key: string, uploadId: string): Promise<UploadManifest> {
    if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload();
    let raw: string;
    try {
      raw = await readFile(path.join(this.dir(uploadId), 'upload.json'), 'utf8');
    } catch (error) {
      if (isMissing(error)) throw noSuchUpload();
      throw error;
    }
    const manifest = uploadSchema.parse(JSON.parse(raw));
    if (manifest.key !== key) throw noSuchUpload();
    return manifest;
  }

  /** Stores one part (replacing an earlier one with the same number). */
  async writePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    limits: WriteLimits,
  ): Promise<UploadedPart> {
    validatePartNumber(partNumber);
    await this.open(key, uploadId);
    const temp = await writeTempFile(this.tmpDir, body, {
      ...limits,
      maxLength: MULTIPART_MAX_PART_SIZE,
    });
    const part = { etag: newWriteEtag(), size: temp.size };
    const base = path.join(this.dir(uploadId), String(partNumber));
    try {
      await publishFile(temp.path, `${base}.part`, { createParents: false });
      await writeFileAtomic(this.tmpDir, `${base}.json`, JSON.stringify(part), {
        createParents: false,
      });
    } catch (error) {
      // An abort removed the upload directory while this part was streaming.
      if (isMissing(error)) throw noSuchUpload();
      throw error;
    }
    return { partNumber, ...part };
  }

  /** Parts whose data and record agree, ascending by number. */
  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await this.open(key, uploadId);
    const dir = this.dir(uploadId);
    const names = await readdir(dir).catch((error: unknown) => {
      if (isMissing(error)) throw noSuchUpload();
      throw error;
    });
    const numbers = names
      .map((name) => /^(\d+)\.json$/.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(numbers.map((n) => this.readPart(dir, n)));
    return parts.filter((part): part is UploadedPart => part !== null);
  }

  private async readPart(dir: string, partNumber: number): Promise<UploadedPart | null> {
    try {
      const base = path.join(dir, String(partNumber));
      const [raw, info] = await Promise.all([
        readFile(`${base}.json`, 'utf8'),
        stat(`${base}.part`),
      ]);
      const part = partSchema.parse(JSON.parse(raw));
      return info.size === part.size ? { partNumber, ...part } : null;
    } catch {
      return null;
    }
  }

  /**
   * Streams the named parts, in order, into one temp file and returns it with the S3-style
   * multipart ETag (MD5 of the parts' binary MD5s, then "-N"). The upload stays open until
   * discard(), so a failed completion can be retried.
   */
  async assemble(
    key: string,
    uploadId: string,
    requested: readonly CompletedPart[],
  ): Promise<{ temp: TempFile; etag: string; manifest: UploadManifest }> {
    const parts = validateCompletedParts(requested);
    const manifest = await this.open(key, uploadId);
    const stored = new Map((await this.listParts(key, uploadId)).map((p) => [p.partNumber, p]));
    const digests = parts.map((part, index) => {
      const found = stored.get(part.partNumber);
      if (!found || found.etag !== part.etag) {
        throw invalidPart(`part ${part.partNumber} is missing or its ETag does not match`);
      }
      if (index < parts.length - 1 && found.size < MULTIPART_MIN_PART_SIZE) {
        throw invalidPart(`part ${part.partNumber} is smaller than 5 MiB and not the last`);
      }
      return Buffer.from(found.etag, 'hex');
    });
    const dir = this.dir(uploadId);
    async function* concatenated() {
      for (const part of parts) {
        yield* createReadStream(path.join(dir, `${part.partNumber}.part`));
      }
    }
    const temp = await writeTempFile(this.tmpDir, Readable.from(concatenated()));
    const etag = `${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${parts.length}`;
    return { temp, etag, manifest };
  }

  /** Removes an upload and its parts; a missing upload is fine (abort is idempotent). */
  async discard(uploadId: string): Promise<void> {
    if (!UPLOAD_ID.test(uploadId)) return;
    await rm(this.dir(uploadId), { recursive: true, force: true });
  }

  private dir(uploadId: string): string {
    return path.join(this.uploadsDir, uploadId);
  }
}

function invalidPart(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'parts', rule: 'invalid_part', message }],
  });
}
