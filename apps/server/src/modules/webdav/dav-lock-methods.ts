import { Readable } from 'node:stream';
import { announce } from '../fs/fs-write.service.js';
import { isIgnoredSystemFile } from './dav-content.js';
import { checkWrite, ifListsOf, readXmlBody, type DavCall, type DavDeps } from './dav-context.js';
import { DavError } from './dav-error.js';
import { submittedTokens } from './dav-if-header.js';
import { activeLockXml, timeoutOf, type LockDepth } from './dav-locks.js';
import type { DavLockRow } from './dav-lock.repository.js';
import { nameOfPath } from './dav-paths.js';
import { assertParent } from './dav-resources.js';
import { XML_TYPE } from './dav-propfind.js';
import { dav, parseLockInfo, XML_DECLARATION } from './dav-xml.js';

function lockAnswer(lock: DavLockRow, nowMs: number): string {
  return `${XML_DECLARATION}<D:prop xmlns:D="DAV:">${dav('lockdiscovery', activeLockXml(lock, nowMs))}</D:prop>`;
}

function lockDepth(call: DavCall): LockDepth {
  const header = call.request.headers.depth;
  if (header === undefined) return 'infinity';
  const value = String(header).trim().toLowerCase();
  if (value === '0' || value === 'infinity') return value;
  throw new DavError(400, 'LOCK takes Depth 0 or infinity');
}

/**
 * LOCK (RFC 4918 §9.10): with a lockinfo body a new exclusive or shared write lock (423 on a
 * conflict); an unmapped URL becomes an empty file (201), as RFC 4918 replaced lock-null
 * resources; without a body, a refresh of the lock named in `If`. Read-only callers cannot lock.
 */
export async function lock(deps: DavDeps, call: DavCall): Promise<void> {
  const text = await readXmlBody(call.request);
  const target = await deps.targets.folder(call.actor, call.target.path, 'path');
  const timeout = timeoutOf(call.request.headers.timeout as string | undefined);
  const nowMs = () => deps.clock.now().getTime();
  if (text.trim() === '') {
    const lists = ifListsOf(call.request);
    if (!lists) throw new DavError(400, 'a lock refresh names its lock in If');
    const refreshed = await deps.locks.refresh(
      call.actor,
      target.path,
      submittedTokens(lists),
      timeout,
    );
    await call.reply
      .code(200)
      .header('Content-Type', XML_TYPE)
      .send(lockAnswer(refreshed, nowMs()));
    return;
  }
  const info = parseLockInfo(text);
  const depth = lockDepth(call);
  const resource = await deps.resources.locate(call.actor, target.path);
  if (resource.kind === 'nowhere' || resource.kind === 'virtual') {
    throw new DavError(403, 'only resources inside a mount can be locked');
  }
  const creates = resource.kind === 'missing';
  if (creates) {
    await assertParent(target);
    await checkWrite(deps, call, resource, [{ path: target.path, reach: 'member' }]);
  } else if (ifListsOf(call.request)) {
    await checkWrite(deps, call, resource, []);
  }
  const row = await deps.locks.lock(call.actor, {
    path: target.path,
    depth,
    scope: info.scope,
    owner: info.owner,
    timeout,
  });
  if (creates && !(await isIgnoredSystemFile(deps, nameOfPath(target.path)))) {
    try {
      const written = await target.driver.write(target.key, Readable.from([]), {
        contentType: 'application/octet-stream',
        contentLength: 0,
      });
      await announce(deps.fsChanges, target, {
        written: [
          { key: target.key, isDirectory: false, size: written.size, modified: deps.clock.now() },
        ],
      });
    } catch (err) {
      await deps.locks.forget(row.token);
      throw err;
    }
  }
  await call.reply
    .code(creates ? 201 : 200)
    .header('Lock-Token', `<${row.token}>`)
    .header('Content-Type', XML_TYPE)
    .send(lockAnswer(row, nowMs()));
}

/** UNLOCK: the Lock-Token must name a lock covering the URL (409), taken by the caller (403). */
export async function unlock(deps: DavDeps, call: DavCall): Promise<void> {
  const header = call.request.headers['lock-token'];
  const token = typeof header === 'string' ? /^\s*<([^>]+)>\s*$/.exec(header)?.[1] : undefined;
  if (!token) throw new DavError(400, 'UNLOCK needs a Lock-Token header: <token>');
  const resource = await deps.resources.locate(call.actor, call.target.path);
  if (resource.kind === 'nowhere') throw new DavError(404, `${call.target.path} does not exist`);
  await deps.locks.unlock(call.actor, call.target.path, token);
  await call.reply.code(204).send();
}
