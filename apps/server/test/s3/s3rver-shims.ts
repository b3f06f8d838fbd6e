import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3rverContext, S3rverMiddleware } from 's3rver';
import { listObjectsV2 } from './list-objects-shim.js';

/**
 * TEST-SERVER SHIMS for what s3rver 3.7.1 lacks but real S3 (and so our S3 driver) relies on.
 * They read s3rver's own on-disk store, so they see exactly the parts s3rver stored:
 *  - ListParts (s3rver: 405) and AbortMultipartUpload (s3rver: 405);
 *  - CompleteMultipartUpload checks S3 makes and s3rver skips: every named part exists with
 *    that ETag, ascending order, and all but the last part ≥ 5 MiB (EntityTooSmall);
 *  - suffix ranges (`bytes=-N`), which s3rver serves from the start of the object;
 *  - ListObjectsV2 order and paging (see list-objects-shim.ts);
 *  - x-amz-copy-source, which S3 URL-decodes but s3rver passes through decodeURI (so '%2B'
 *    stays '%2B'): it is re-encoded here into the form decodeURI turns into the real key.
 *  - a PutObject whose body was cut off (the client aborted): S3 stores nothing
 *    (IncompleteBody), s3rver keeps what arrived; the shim removes it again.
 * None of this is product code: the S3 driver only ever issues standard S3 calls.
 */

const MIN_PART_SIZE = 5 * 1024 * 1024;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

function xmlEscape(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendXml(ctx: S3rverContext, status: number, xml: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** Answers like S3 does on failure: <Error><Code>…</Code><Message>…</Message></Error>. */
export function sendS3Error(ctx: S3rverContext, status: number, code: string, message: string) {
  sendXml(
    ctx,
    status,
    `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`,
  );
}

interface StoredPart {
  partNumber: number;
  etag: string;
  size: number;
  lastModified: Date;
}

/** Builds the shim middleware over s3rver's data directory. */
export function s3rverShims(dataDir: string): S3rverMiddleware {
  const uploadDir = (bucket: string, uploadId: string) =>
    path.join(dataDir, bucket, '._S3rver_uploads', path.basename(uploadId));

  async function storedParts(bucket: string, key: string, uploadId: string) {
    const dir = uploadDir(bucket, uploadId);
    const owner = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
    if (owner !== key) return null;
    const parts: StoredPart[] = [];
    for (const name of await readdir(dir)) {
      if (!/^\d+$/.test(name)) continue;
      const [info, md5] = await Promise.all([
        stat(path.join(dir, name)),
        readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => null),
      ]);
      if (md5 === null) continue;
      parts.push({
        partNumber: Number(name),
        etag: md5,
        size: info.size,
        lastModified: info.mtime,
      });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async function listParts(
    ctx: S3rverContext,
    bucket: string,
    key: string,
    query: URLSearchParams,
  ) {
    const uploadId = query.get('uploadId') ?? '';
    const parts = await storedParts(bucket, key, uploadId);
    if (!parts)
      return sendS3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    const marker = Number(query.get('part-number-marker') ?? 0);
    const max = Number(query.get('max-parts') ?? 1000);
    const after = parts.filter((p) => p.partNumber > marker);
    const page = after.slice(0, max);
    const body = page
      .map(
        (p) =>
          `<Part><PartNumber>${p.partNumber}</PartNumber><LastModified>${p.lastModified.toISOString()}</LastModified>` +
          `<ETag>"${p.etag}"</ETag><Size>${p.size}</Size></Part>`,
      )
      .join('');
    sendXml(
      ctx,
      200,
      `<ListPartsResult xmlns="${XMLNS}"><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key>` +
        `<UploadId>${xmlEscape(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `<NextPartNumberMarker>${page.at(-1)?.partNumber ?? marker}</NextPartNumberMarker><MaxParts>${max}</MaxParts>` +
        `<IsTruncated>${after.length > page.length}</IsTruncated>${body}</ListPartsResult>`,
    );
  }

  async function abort(ctx: S3rverContext, bucket: string, key: string, uploadId: string) {
    if (!(await storedParts(bucket, key, uploadId))) {
      return sendS3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
    }
    await rm(uploadDir(bucket, uploadId), { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = '';
  }

  /** Returns an error answer for a completion S3 would refuse, else null. */
  function completionProblem(xml: string, stored: StoredPart[]): [string, string] | null {
    const named = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, inner = '']) => ({
      partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(inner)?.[1]),
      etag: (/<ETag>([\s\S]*?)<\/ETag>/.exec(inner)?.[1] ?? '').replace(/"|&quot;|&#34;/g, ''),
    }));
    const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
    for (const [index, part] of named.entries()) {
      const previous = named[index - 1];
      if (previous && part.partNumber <= previous.partNumber) {
        return ['InvalidPartOrder', 'The list of parts was not in ascending order.'];
      }
      const found = byNumber.get(part.partNumber);
      if (!found || found.etag !== part.etag) {
        return ['InvalidPart', `Part ${part.partNumber} could not be found or its ETag differs.`];
      }
      if (index < named.length - 1 && found.size < MIN_PART_SIZE) {
        return ['EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'];
      }
    }
    return null;
  }

  async function checkCompletion(
    ctx: S3rverContext,
    bucket: string,
    key: string,
    uploadId: string,
  ) {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(Buffer.from(chunk as Buffer));
    const body = Buffer.concat(chunks);
    // s3rver's handler reads ctx.req; give it the bytes this check consumed.
    ctx.req = Readable.from([body]);
    const stored = await storedParts(bucket, key, uploadId);
    if (!stored) {
      sendS3Error(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      return false;
    }
    const problem = completionProblem(body.toString('utf8'), stored);
    if (problem) sendS3Error(ctx, 400, ...problem);
    return problem === null;
  }

  async function rewriteSuffixRange(ctx: S3rverContext, bucket: string, key: string) {
    const match = /^bytes=-(\d+)$/.exec(String(ctx.headers.range ?? '').trim());
    if (!match) return;
    const segments = key.split('/');
    const last = segments.pop() ?? '';
    const file = path.join(dataDir, bucket, ...segments, `${last}._S3rver_object`);
    const size = await stat(file).then(
      (s) => s.size,
      () => null,
    );
    if (size === null || size === 0) return;
    const start = Math.max(0, size - Number(match[1]));
    ctx.headers.range = `bytes=${start}-${size - 1}`;
  }

  return async (ctx, next) => {
    const [bucketRaw, ...keyRaw] = ctx.path.replace(/^\//, '').split('/');
    const bucket = decodeURIComponent(bucketRaw ?? '');
    const key = keyRaw.map(decodeURIComponent).join('/');
    const query = new URLSearchParams(ctx.querystring);
    const uploadId = query.get('uploadId');
    if (bucket !== '' && key === '' && ctx.method === 'GET' && query.get('list-type') === '2') {
      return sendXml(ctx, 200, await listObjectsV2(dataDir, bucket, query));
    }
    if (bucket === '' || key === '') return next();
    const copySource = ctx.headers['x-amz-copy-source'];
    if (ctx.method === 'PUT' && typeof copySource === 'string') {
      ctx.headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(copySource));
    }
    if (uploadId !== null && !query.has('partNumber')) {
      if (ctx.method === 'GET') return listParts(ctx, bucket, key, query);
      if (ctx.method === 'DELETE') return abort(ctx, bucket, key, uploadId);
      if (ctx.method === 'POST' && !(await checkCompletion(ctx, bucket, key, uploadId))) return;
    }
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && uploadId === null) {
      await rewriteSuffixRange(ctx, bucket, key);
    }
    if (ctx.method === 'PUT' && uploadId === null && typeof copySource !== 'string') {
      await next();
      // Another shim may have swapped req for a plain stream: only a socket knows it was cut.
      if ('complete' in ctx.req && !ctx.req.complete) await removeObject(bucket, key);
      return;
    }
    return next();
  };

  /** Removes an object s3rver stored, with its metadata. */
  async function removeObject(bucket: string, key: string) {
    const segments = key.split('/');
    const last = segments.pop() ?? '';
    const base = path.join(dataDir, bucket, ...segments, last);
    for (const suffix of ['._S3rver_object', '._S3rver_object.md5', '._S3rver_metadata.json']) {
      await rm(`${base}${suffix}`, { force: true });
    }
  }
}
