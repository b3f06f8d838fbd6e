import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/actor.js';
import { requestBody } from '../../http/raw-body.js';
import type { Clock } from '../../lib/clock.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type { MountTable } from '../../vfs/mount-table.js';
import type { FsLimits } from '../fs/fs-limits.js';
import type { FsReadService } from '../fs/fs-read.service.js';
import type { WriteTargets } from '../fs/fs-write-target.js';
import { DavError } from './dav-error.js';
import { ifHeaderHolds, parseIfHeader, submittedTokens, type IfList } from './dav-if-header.js';
import type { DavLocks, WriteReach } from './dav-locks.js';
import { davTargetOfReference, type DavTarget } from './dav-paths.js';
import type { DavPropertyRepository } from './dav-property.repository.js';
import type { DavResource, DavResources } from './dav-resources.js';
import { DAV_XML_BODY_MAX } from './dav-xml.js';

/** The services WebDAV stands on: the fs API's gate, limits, listings and announcements. */
export interface DavDeps {
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver'>;
  resources: DavResources;
  targets: WriteTargets;
  limits: FsLimits;
  fsChanges: FsChanges;
  fsRead: Pick<FsReadService, 'list'>;
  properties: DavPropertyRepository;
  locks: DavLocks;
  settings: {
    uploadMode(): Promise<'direct' | 'multipart'>;
    ignoreSystemFiles(): Promise<boolean>;
  };
  /** A storage's quota numbers for quota-used-bytes / quota-available-bytes. */
  quota(storageId: string): Promise<{ used: number; available: number | null }>;
  clock: Clock;
}

/** One WebDAV request: who asks, and the path its URL names. */
export interface DavCall {
  request: FastifyRequest;
  reply: FastifyReply;
  actor: Actor;
  target: DavTarget;
}

/** Whether the request carries a body (a length above 0, or chunked). */
export function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/** A small XML request body as text (413 beyond DAV_XML_BODY_MAX); '' without one. */
export async function readXmlBody(request: FastifyRequest): Promise<string> {
  if (!hasBody(request)) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of requestBody(request)) {
    size += (chunk as Buffer).length;
    if (size > DAV_XML_BODY_MAX) throw new DavError(413, 'the XML body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The entity tag a resource answers If conditions with (files only). */
export const etagOf = (resource: DavResource): string | null =>
  resource.kind === 'file' ? resource.info.etag : null;

/**
 * The preconditions of a write: the `If` header must hold (412 otherwise), and every lock the
 * write touches must have had its token submitted by its owner (423). `resource` is the
 * request URL's, already located.
 */
export async function checkWrite(
  deps: DavDeps,
  call: DavCall,
  resource: DavResource,
  writes: readonly { path: string; reach: WriteReach }[],
): Promise<void> {
  const lists = ifListsOf(call.request);
  if (lists) {
    const holds = await ifHeaderHolds(lists, async (tagged) => {
      const path =
        tagged === null ? call.target.path : davTargetOfReference(tagged, call.request.host).path;
      const located =
        path === resource.path ? resource : await deps.resources.locate(call.actor, path);
      return { etag: etagOf(located), tokens: await deps.locks.tokensOn(path) };
    });
    if (!holds) throw new DavError(412, 'the If header does not hold');
  }
  await deps.locks.assertMayWrite(call.actor, writes, lists ? submittedTokens(lists) : new Set());
}

/** The parsed `If` header, or null without one. */
export function ifListsOf(request: FastifyRequest): IfList[] | null {
  const header = request.headers.if;
  if (typeof header !== 'string' || header.trim() === '') return null;
  return parseIfHeader(header);
}
