import type { FileDetail } from '@pasteport/contract';
import {
  fileMimetype,
  mediaTypeOfName,
  MULTIPART_PART_SIZE,
  ROUTES,
  routeUrl,
  UPLOAD_FILE_FIELD,
} from '@pasteport/contract/plain';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { intOption, parseCommand } from '../args.js';
import type { ApiClient } from '../client.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { expandFileArgs } from '../globs.js';
import { uploadMultipart } from '../multipart.js';
import { ProgressBar } from '../progress.js';
import { fileShareFields, UPLOAD_OPTIONS, type FileShareFields } from '../share-options.js';
import { identityOf, pruneSavedUploads } from '../upload-state.js';

/** The largest part size asked for (S3's own limit). */
const PART_SIZE_MAX = 5 * 1024 * 1024 * 1024;

export interface UploadResult {
  file: string;
  slug: string;
  url: string;
  raw_url: string;
  size: number;
  multipart: boolean;
  resumed: boolean;
  parts_sent: number;
  parts_total: number;
}

/**
 * `pasteport upload FILES/GLOBS...`: each file one share. Files up to the part size go in one
 * request; bigger ones in parts, resumable by running the same command again.
 */
export async function upload(ctx: Context, args: string[]): Promise<void> {
  const { values, positionals } = parseCommand(args, {
    ...UPLOAD_OPTIONS,
    'part-size': { type: 'string' },
    raw: { type: 'boolean' },
  });
  if (positionals.length === 0) throw new UsageError('upload needs at least one FILE or GLOB');
  const fields = fileShareFields(values);
  const partSize =
    intOption(
      values['part-size'] ?? ctx.io.env.PASTEPORT_PART_SIZE,
      values['part-size'] !== undefined ? '--part-size' : 'PASTEPORT_PART_SIZE',
      1,
      PART_SIZE_MAX,
    ) ?? MULTIPART_PART_SIZE;
  const files = await expandFileArgs(positionals, ctx.io.cwd);
  if (fields.slug !== undefined && files.length > 1) {
    throw new UsageError('--slug names one share: give it with one file only');
  }
  const client = await ctx.client();
  await pruneSavedUploads(ctx.io.env);
  const results: UploadResult[] = [];
  for (const file of files) {
    const result = await uploadOne(ctx, client, file, fields, partSize);
    results.push(result);
    // One link a line as each file finishes, so a long batch shows its progress.
    if (!ctx.json) ctx.out(values.raw ? result.raw_url : result.url);
  }
  if (ctx.json) ctx.result(results, () => '');
}

async function uploadOne(
  ctx: Context,
  client: ApiClient,
  file: string,
  fields: FileShareFields,
  partSize: number,
): Promise<UploadResult> {
  const identity = await identityOf(client.baseUrl, file);
  const filename = path.basename(file);
  const mimetype = fileMimetype(filename, mediaTypeOfName(filename));
  const bar = new ProgressBar(ctx.io.stderr, filename, identity.size);
  let detail: FileDetail;
  let outcome = { multipart: false, resumed: false, parts_sent: 1, parts_total: 1 };
  if (identity.size <= partSize) {
    // Fields before the file, so the server checks them before streaming the bytes.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('mimetype', mimetype);
    form.append(UPLOAD_FILE_FIELD, await openAsBlob(file, { type: mimetype }), filename);
    detail = await client.call<FileDetail>(ROUTES.uploadForm, { form });
    bar.add(identity.size);
  } else {
    const done = await uploadMultipart({
      client,
      env: ctx.io.env,
      identity,
      filename,
      mimetype,
      fields,
      partSize,
      onStored: (bytes) => bar.add(bytes),
    });
    detail = done.file;
    outcome = {
      multipart: true,
      resumed: done.resumed,
      parts_sent: done.partsSent,
      parts_total: done.partsTotal,
    };
  }
  bar.finish();
  return {
    file,
    slug: detail.slug,
    url: client.link(detail.url),
    raw_url: client.link(routeUrl(ROUTES.downloadFile, { slug: detail.slug })),
    size: detail.size,
    ...outcome,
  };
}
