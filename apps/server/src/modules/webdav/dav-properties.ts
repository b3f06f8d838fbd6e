import { mediaTypeOfName } from '@pasteport/contract';
import type { FsItem } from '@pasteport/contract';
import type { DavLockRow } from './dav-lock.repository.js';
import { activeLockXml, covers } from './dav-locks.js';
import { hrefOf, nameOfPath } from './dav-paths.js';
import type { DeadProperty, PropertyOwner } from './dav-property.repository.js';
import { ownerOf, type DavResource } from './dav-resources.js';
import { DAV_NS, dav, element, escapeXml, statusLine, type QName } from './dav-xml.js';

/** One resource of a PROPFIND answer, whatever it came from (a stat, a listing, a mount). */
export interface DavEntry {
  path: string;
  collection: boolean;
  size: number;
  modified: Date | null;
  /** Bare entity tag (files). */
  etag: string | null;
  contentType: string | null;
  /** Where its dead properties live (null: a virtual folder, which has none). */
  owner: PropertyOwner | null;
}

export function entryOfResource(resource: DavResource): DavEntry {
  const owner = ownerOf(resource);
  if (resource.kind === 'file') {
    const stored = resource.info.contentType;
    return {
      path: resource.path,
      collection: false,
      size: resource.info.size,
      modified: resource.info.lastModified,
      etag: resource.info.etag,
      contentType:
        stored && stored !== 'application/octet-stream'
          ? stored
          : mediaTypeOfName(nameOfPath(resource.path)),
      owner,
    };
  }
  return {
    path: resource.path,
    collection: true,
    size: 0,
    modified: null,
    etag: null,
    contentType: null,
    owner,
  };
}

/** A child listed by the fs API (`GET /api/fs/list`'s item), with its properties' owner. */
export function entryOfItem(item: FsItem, owner: PropertyOwner | null): DavEntry {
  return {
    path: item.path,
    collection: item.isDirectory,
    size: item.size,
    modified: item.modified ? new Date(item.modified) : null,
    etag: item.etag ?? null,
    contentType: item.isDirectory ? null : item.mimetype,
    owner,
  };
}

/** What a PROPFIND's answers need besides the entries themselves. */
export interface PropfindContext {
  locks: readonly DavLockRow[];
  nowMs: number;
  /** Quota numbers of a storage, asked only when a quota property is requested. */
  quota(storageId: string): Promise<{ used: number; available: number | null }>;
}

const SUPPORTED_LOCK =
  dav('lockentry', dav('lockscope', dav('exclusive')) + dav('locktype', dav('write'))) +
  dav('lockentry', dav('lockscope', dav('shared')) + dav('locktype', dav('write')));

/** The live properties allprop shows (quota ones only when named, RFC 4331 §3). */
const ALLPROP_LIVE = [
  'creationdate',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'supportedlock',
  'lockdiscovery',
] as const;
const QUOTA = ['quota-available-bytes', 'quota-used-bytes'] as const;
const LIVE_PROPERTIES: ReadonlySet<string> = new Set([...ALLPROP_LIVE, ...QUOTA]);

/** Whether a name is one of the live properties this server computes (never stored). */
export const isLiveProperty = (name: QName) => name.ns === DAV_NS && LIVE_PROPERTIES.has(name.name);

/** A live property's content, or undefined when the resource has none (a 404 in the answer). */
async function liveValue(entry: DavEntry, name: string, context: PropfindContext) {
  switch (name) {
    case 'creationdate':
      return entry.modified ? entry.modified.toISOString() : undefined;
    case 'displayname':
      return escapeXml(nameOfPath(entry.path));
    case 'getcontentlength':
      return entry.collection ? undefined : String(entry.size);
    case 'getcontenttype':
      return entry.collection || !entry.contentType ? undefined : escapeXml(entry.contentType);
    case 'getetag':
      return entry.etag === null ? undefined : escapeXml(`"${entry.etag}"`);
    case 'getlastmodified':
      return entry.modified ? entry.modified.toUTCString() : undefined;
    case 'resourcetype':
      return entry.collection ? dav('collection') : '';
    case 'supportedlock':
      return SUPPORTED_LOCK;
    case 'lockdiscovery':
      return context.locks
        .filter((lock) => covers(lock, entry.path))
        .map((lock) => activeLockXml(lock, context.nowMs))
        .join('');
    case 'quota-available-bytes':
    case 'quota-used-bytes': {
      if (!entry.collection || !entry.owner) return undefined;
      const quota = await context.quota(entry.owner.storageId);
      if (name === 'quota-used-bytes') return String(quota.used);
      return quota.available === null ? undefined : String(quota.available);
    }
    default:
      return undefined;
  }
}

export type PropfindRequest =
  { kind: 'allprop'; include: QName[] } | { kind: 'propname' } | { kind: 'prop'; props: QName[] };

const sameName = (a: QName, b: QName) => a.ns === b.ns && a.name === b.name;

/** One `<D:response>` of a PROPFIND: found properties under 200, missing ones under 404. */
export async function propfindResponse(
  entry: DavEntry,
  request: PropfindRequest,
  dead: readonly DeadProperty[],
  context: PropfindContext,
): Promise<string> {
  const found: string[] = [];
  const missing: string[] = [];
  if (request.kind === 'propname') {
    for (const name of ALLPROP_LIVE) {
      if ((await liveValue(entry, name, context)) !== undefined) found.push(dav(name));
    }
    for (const property of dead) found.push(element(property, ''));
  } else {
    const wanted: QName[] =
      request.kind === 'prop'
        ? request.props
        : [
            ...ALLPROP_LIVE.map((name) => ({ ns: DAV_NS, name })),
            ...dead,
            ...request.include.filter(
              (name) => !(name.ns === DAV_NS && ALLPROP_LIVE.includes(name.name as never)),
            ),
          ];
    const seen: QName[] = [];
    for (const name of wanted) {
      if (seen.some((other) => sameName(other, name))) continue;
      seen.push(name);
      const value = isLiveProperty(name)
        ? await liveValue(entry, name.name, context)
        : dead.find((property) => sameName(property, name))?.value;
      if (value !== undefined) found.push(element(name, value));
      else if (request.kind === 'prop') missing.push(element(name, ''));
    }
  }
  let body = dav('href', escapeXml(hrefOf(entry.path, entry.collection)));
  if (found.length > 0 || missing.length === 0) body += propstat(found, 200);
  if (missing.length > 0) body += propstat(missing, 404);
  return dav('response', body);
}

export function propstat(props: readonly string[], status: number): string {
  return dav('propstat', dav('prop', props.join('')) + dav('status', statusLine(status)));
}
