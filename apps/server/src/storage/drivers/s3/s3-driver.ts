import {
  CopyObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { AppError } from '../../../lib/app-error.js';
import { formatRangeHeader, resolveByteRange } from '../../byte-range.js';
import type * as Port from '../../storage-driver.js';
import { validateEntryKey, validateStorageKey, validateStoragePrefix } from '../../storage-key.js';
import * as rules from '../../storage-rules.js';
import { createS3Client, type S3Target } from './s3-client.js';
import type { S3StorageConfig } from './s3-config.js';
import { isS3NotFound, mapS3Error } from './s3-errors.js';
import { S3Multipart } from './s3-multipart.js';
import { S3Presigner } from './s3-presign.js';
import { deleteObjects } from './s3-delete.js';
import { writeObject } from './s3-write.js';

const S3_CAPABILITIES: Port.StorageCapabilities = {
  presignedUrls: true,
  browserDirectUpload: true,
  serverSignedUrls: false,
  rangeRead: true,
  multipart: true,
  listParts: true,
  serverSideCopy: true,
  delimiterListing: true,
  keyPrefixOverlap: true,
  minPartSize: rules.MULTIPART_MIN_PART_SIZE,
  maxPartSize: rules.MULTIPART_MAX_PART_SIZE,
  maxPartCount: rules.MULTIPART_MAX_PART_COUNT,
};

const HEALTH_TIMEOUT_MS = 5_000;
/** The content type S3 consoles give folder markers. */
const FOLDER_CONTENT_TYPE = 'application/x-directory';

/** A StorageDriver over one bucket (and optional folder) of an S3-compatible service. */
export class S3StorageDriver implements Port.StorageDriver {
  readonly id: string;
  readonly kind = 's3' as const;
  readonly capabilities = S3_CAPABILITIES;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #target: S3Target;
  readonly #presigner: S3Presigner;
  readonly #multipart: S3Multipart;

  constructor(options: { id: string; config: S3StorageConfig }) {
    const { config } = options;
    this.id = options.id;
    this.#client = createS3Client(config);
    this.#bucket = config.bucket;
    this.#prefix = config.prefix ? `${config.prefix}/` : '';
    const expiry = config.presignExpiresSeconds ?? rules.DEFAULT_PRESIGN_EXPIRY_SECONDS;
    this.#target = { client: this.#client, bucket: this.#bucket };
    this.#presigner = new S3Presigner(this.#target, expiry);
    this.#multipart = new S3Multipart(this.#target);
  }

  async stat(key: string): Promise<Port.ObjectInfo | null> {
    const fullKey = this.#fullKey(key);
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: fullKey }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        etag: rules.bareEtag(head.ETag ?? ''),
        lastModified: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw mapS3Error(error, key);
    }
  }

  async read(key: string, options: Port.ReadOptions = {}): Promise<Port.ReadResult> {
    const fullKey = this.#fullKey(key);
    if (options.range) resolveByteRange(options.range, Number.MAX_SAFE_INTEGER);
    const output = await this.#send(key, (client) =>
      client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: fullKey,
          ...(options.range && { Range: formatRangeHeader(options.range) }),
        }),
      ),
    );
    if (!(output.Body instanceof Readable)) {
      throw new AppError('UPSTREAM_FAILED', 'storage returned no readable body');
    }
    const served = parseContentRange(output.ContentRange);
    const contentLength = output.ContentLength ?? 0;
    return {
      stream: output.Body,
      size: served?.size ?? contentLength,
      contentLength,
      range: served ? { start: served.start, end: served.end } : null,
      etag: rules.bareEtag(output.ETag ?? ''),
      contentType: output.ContentType ?? 'application/octet-stream',
      lastModified: output.LastModified ?? new Date(0),
    };
  }

  async write(key: string, body: Readable, options: Port.WriteOptions): Promise<Port.WriteResult> {
    const fullKey = this.#fullKey(key);
    rules.validateContentLength(options.contentLength);
    return writeObject(this.#target, fullKey, key, body, options);
  }

  async list(prefix: string, options: Port.ListOptions = {}): Promise<Port.ListResult> {
    validateStoragePrefix(prefix);
    const output = await this.#send(prefix, (client) =>
      client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#prefix + prefix,
          MaxKeys: rules.resolveListLimit(options.limit),
          ...(options.delimiter && { Delimiter: options.delimiter }),
          ...(options.cursor && { ContinuationToken: options.cursor }),
        }),
      ),
    );
    return {
      objects: (output.Contents ?? []).map((item) => ({
        key: this.#localKey(item.Key ?? ''),
        size: item.Size ?? 0,
        etag: rules.bareEtag(item.ETag ?? ''),
        lastModified: item.LastModified ?? new Date(0),
      })),
      prefixes: (output.CommonPrefixes ?? []).map((p) => this.#localKey(p.Prefix ?? '')),
      nextCursor: output.IsTruncated ? (output.NextContinuationToken ?? null) : null,
    };
  }

  async deleteMany(keys: readonly string[]): Promise<Port.DeleteResult[]> {
    const results = new Map<string, Port.DeleteResult>();
    const valid: { key: string; fullKey: string }[] = [];
    for (const key of keys) {
      try {
        valid.push({ key, fullKey: this.#prefix + validateEntryKey(key) });
      } catch (error) {
        results.set(key, rules.deleteFailure(key, error));
      }
    }
    for (const [key, failure] of await deleteObjects(this.#target, valid))
      results.set(key, failure);
    return keys.map((key) => results.get(key) ?? { key, ok: true });
  }

  async createFolder(key: string): Promise<void> {
    const marker = `${this.#fullKey(key)}/`;
    await this.#send(key, (client) =>
      client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: marker,
          Body: '',
          ContentLength: 0,
          ContentType: FOLDER_CONTENT_TYPE,
        }),
      ),
    );
  }

  async copy(fromKey: string, toKey: string): Promise<Port.WriteResult> {
    const source = await this.stat(fromKey);
    if (!source) throw new AppError('NOT_FOUND', `object not found: ${fromKey}`);
    // CopySource is "bucket/key", URL-encoded except for the '/' separators.
    const copySource = `${this.#bucket}/${encodeURIComponent(this.#fullKey(fromKey)).replace(/%2F/g, '/')}`;
    const copy = new CopyObjectCommand({
      Bucket: this.#bucket,
      Key: this.#fullKey(toKey),
      CopySource: copySource,
    });
    const output = await this.#send(toKey, (client) => client.send(copy));
    return { size: source.size, etag: rules.bareEtag(output.CopyObjectResult?.ETag ?? '') };
  }

  async presignPut(key: string, options: Port.PresignPutOptions): Promise<Port.PresignedRequest> {
    rules.validateContentLength(options.contentLength);
    return await this.#presigner.put(this.#fullKey(key), options);
  }

  async presignGet(
    key: string,
    options: Port.PresignGetOptions = {},
  ): Promise<Port.PresignedRequest> {
    return await this.#presigner.get(this.#fullKey(key), options);
  }

  async createMultipart(key: string, options: Port.CreateMultipartOptions): Promise<string> {
    return await this.#multipart.create(this.#fullKey(key), options.contentType, key);
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: Port.PresignPartOptions = {},
  ): Promise<Port.PresignedRequest> {
    rules.validatePartNumber(partNumber);
    return await this.#presigner.part(this.#fullKey(key), uploadId, partNumber, options);
  }

  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: Port.UploadPartOptions,
  ): Promise<Port.UploadedPart> {
    const etag = await this.#multipart.uploadPart(
      this.#fullKey(key),
      uploadId,
      partNumber,
      body,
      options.contentLength,
      key,
    );
    return { partNumber, etag, size: options.contentLength };
  }

  async listParts(key: string, uploadId: string): Promise<Port.UploadedPart[]> {
    return await this.#multipart.listParts(this.#fullKey(key), uploadId, key);
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: readonly Port.CompletedPart[],
  ): Promise<Port.WriteResult> {
    const etag = await this.#multipart.complete(this.#fullKey(key), uploadId, parts, key);
    const info = await this.stat(key);
    if (!info) throw new AppError('UPSTREAM_FAILED', 'completed object is not visible');
    return { size: info.size, etag: rules.bareEtag(etag ?? info.etag) };
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    return await this.#multipart.abort(this.#fullKey(key), uploadId, key);
  }

  async check(): Promise<Port.StorageCheckResult> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), {
        abortSignal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      return { ok: true };
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      return { ok: false, error: `${name}: ${message || 'HeadBucket failed'}` };
    }
  }

  close(): Promise<void> {
    this.#client.destroy();
    return Promise.resolve();
  }

  #fullKey(key: string): string {
    return this.#prefix + validateStorageKey(key);
  }

  #localKey(fullKey: string): string {
    return fullKey.startsWith(this.#prefix) ? fullKey.slice(this.#prefix.length) : fullKey;
  }

  /** Runs one SDK call, mapping its failure to the domain error. */
  async #send<T>(what: string, call: (client: S3Client) => Promise<T>): Promise<T> {
    try {
      return await call(this.#client);
    } catch (error) {
      throw mapS3Error(error, what);
    }
  }
}

/** Parses "bytes 0-9/100" (the size may be "*" on some servers). */
function parseContentRange(header: string | undefined) {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header) : null;
  if (!match) return null;
  const [, start = '0', end = '0', size = '*'] = match;
  return { start: Number(start), end: Number(end), size: size === '*' ? undefined : Number(size) };
}
