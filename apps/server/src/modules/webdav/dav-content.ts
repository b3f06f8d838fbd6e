import { pipeline } from 'node:stream/promises';
import { fileMimetype, FALLBACK_MEDIA_TYPE, mediaTypeOfName } from '@pasteport/contract';
import { requestBody } from '../../http/raw-body.js';
import { serveObject } from '../../http/serve-object.js';
import { removePartial, writeAndPipe } from '../fs/fs-tree.js';
import { announce } from '../fs/fs-write.service.js';
import { checkWrite, type DavCall, type DavDeps } from './dav-context.js';
import { DavError } from './dav-error.js';
import { hrefOf, nameOfPath } from './dav-paths.js';
import { assertParent } from './dav-resources.js';
import { escapeXml } from './dav-xml.js';

/** Files desktops write beside everything they touch (macOS, Windows). */
const SYSTEM_FILE = /^(\._.*|\.DS_Store|desktop\.ini|Thumbs\.db)$/i;

/** Whether a write of this name is answered without storing it (`webdav_ignore_system_files`). */
export async function isIgnoredSystemFile(deps: DavDeps, name: string): Promise<boolean> {
  return SYSTEM_FILE.test(name) && (await deps.settings.ignoreSystemFiles());
}

/** GET and HEAD: a file through the one object server (Range, ETag, 304); a folder's index. */
export async function getOrHead(deps: DavDeps, call: DavCall): Promise<void> {
  const resource = await deps.resources.locate(call.actor, call.target.path);
  if (resource.kind === 'file') {
    const name = nameOfPath(resource.path);
    const stored = resource.info.contentType;
    await serveObject(call.request, call.reply, {
      driver: resource.driver,
      key: resource.key,
      size: resource.info.size,
      contentType: stored && stored !== FALLBACK_MEDIA_TYPE ? stored : mediaTypeOfName(name),
      filename: name,
      use: 'download',
      cacheControl: 'private, no-cache',
      etag: resource.info.etag,
      info: resource.info,
    });
    return;
  }
  if (resource.kind === 'missing' || resource.kind === 'nowhere') {
    throw new DavError(404, `${call.target.path} does not exist`);
  }
  // A folder opened in a browser: a plain index of the first page, links relative to /dav.
  const page = await deps.fsRead.list(call.actor, {
    path: resource.path,
    limit: 1000,
    cursor: undefined,
  });
  const links = page.items
    .map((item) => {
      const href = escapeXml(hrefOf(item.path, item.isDirectory));
      return `<li><a href="${href}">${escapeXml(item.name)}${item.isDirectory ? '/' : ''}</a></li>`;
    })
    .join('');
  const title = escapeXml(resource.path);
  const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><ul>${links}</ul>${
    page.next_cursor ? '<p>…</p>' : ''
  }`;
  await call.reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-cache')
    .send(call.request.method === 'HEAD' ? undefined : html);
}

/** The declared body length, or undefined for a chunked body. */
function declaredLength(call: DavCall): number | undefined {
  if (call.request.headers['transfer-encoding'] !== undefined) return undefined;
  const header = call.request.headers['content-length'];
  if (header === undefined) return 0;
  const length = Number(header);
  if (!Number.isSafeInteger(length) || length < 0) throw new DavError(400, 'bad Content-Length');
  return length;
}

/** Reads a body we will not store to its end (the connection stays usable). */
async function discardBody(call: DavCall): Promise<void> {
  for await (const chunk of requestBody(call.request)) void chunk;
}

/**
 * PUT: the body streams through the size meter into storage, whatever its size — one streamed
 * write when its length is known and the upload mode is `direct`, the storage's multipart
 * upload otherwise (S3; local disk writes one file either way). The parent must exist (409),
 * a folder cannot be replaced (405), limits answer 413/507 before a byte is stored.
 */
export async function put(deps: DavDeps, call: DavCall): Promise<void> {
  const target = await deps.targets.entry(call.actor, call.target.path, 'path');
  const name = nameOfPath(target.path);
  if (await isIgnoredSystemFile(deps, name)) {
    await discardBody(call);
    await call.reply.code(201).send();
    return;
  }
  const resource = await deps.resources.locate(call.actor, target.path);
  if (resource.kind === 'folder') throw new DavError(405, 'a collection cannot be replaced by PUT');
  await assertParent(target);
  await checkWrite(deps, call, resource, [
    { path: target.path, reach: resource.kind === 'file' ? 'self' : 'member' },
  ]);
  const length = declaredLength(call);
  if (length !== undefined) await deps.limits.assertFits(call.actor, target.mount, length);
  const { meter, explain } = await deps.limits.meterFor(call.actor, target.mount);
  const direct = (await deps.settings.uploadMode()) === 'direct';
  const before = resource.kind === 'file' ? resource.info.etag : null;
  const body = requestBody(call.request);
  try {
    await writeAndPipe(
      target.driver.write(target.key, meter, {
        contentType: fileMimetype(name, call.request.headers['content-type']),
        ...(direct && length !== undefined && { contentLength: length }),
      }),
      pipeline(body, meter),
    );
  } catch (err) {
    body.resume();
    await removePartial(target.driver, target.key, before);
    throw explain(err);
  }
  const info = await target.driver.stat(target.key);
  await announce(deps.fsChanges, target, {
    written: [
      {
        key: target.key,
        isDirectory: false,
        size: info?.size ?? length ?? 0,
        modified: info?.lastModified ?? deps.clock.now(),
      },
    ],
  });
  if (info) void call.reply.header('ETag', `"${info.etag}"`);
  await call.reply.code(resource.kind === 'file' ? 204 : 201).send();
}
