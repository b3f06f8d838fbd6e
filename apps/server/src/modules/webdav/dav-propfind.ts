import { Readable } from 'node:stream';
import type { FsItem } from '@pasteport/contract';
import { checkWrite, readXmlBody, type DavCall, type DavDeps } from './dav-context.js';
import { DavError } from './dav-error.js';
import {
  entryOfItem,
  entryOfResource,
  isLiveProperty,
  propfindResponse,
  propstat,
  type DavEntry,
  type PropfindContext,
} from './dav-properties.js';
import type { DeadProperty, PropertyOwner } from './dav-property.repository.js';
import { hrefOf } from './dav-paths.js';
import { isCollection, ownerOf, type DavResource } from './dav-resources.js';
import {
  dav,
  element,
  escapeXml,
  multistatus,
  parsePropertyUpdate,
  parsePropfind,
  XML_DECLARATION,
} from './dav-xml.js';

/** Children per fs listing page while a PROPFIND streams a big folder. */
const LIST_PAGE = 1000;

export const XML_TYPE = 'application/xml; charset=utf-8';

/** The Depth of a PROPFIND: 0 or 1; infinity (and no header, which means it) is refused. */
function propfindDepth(header: string | string[] | undefined): '0' | '1' {
  const value = typeof header === 'string' ? header.trim().toLowerCase() : 'infinity';
  if (value === '0' || value === '1') return value;
  if (value === 'infinity') {
    throw new DavError(403, 'Depth: infinity is not served; ask with Depth 0 or 1', {
      condition: 'propfind-finite-depth',
    });
  }
  throw new DavError(400, 'Depth is 0, 1 or infinity');
}

/** The entries of one page of a folder's children, with their properties' owners. */
async function childEntries(
  deps: DavDeps,
  items: readonly FsItem[],
  parent: DavResource,
): Promise<DavEntry[]> {
  const mounts = await deps.mountTable.active();
  const parentOwner = ownerOf(parent);
  return items.map((item) => {
    let owner: PropertyOwner | null = null;
    const nested = item.isMount ? mounts.find((mount) => mount.id === item.mount_id) : undefined;
    if (nested) owner = { storageId: nested.storage_config_id, key: '' };
    else if (parentOwner) {
      const name = item.name;
      owner = {
        storageId: parentOwner.storageId,
        key: parentOwner.key ? `${parentOwner.key}/${name}` : name,
      };
    }
    return entryOfItem(item, owner);
  });
}

/** The dead properties of a page of entries: one query per storage and 500 keys. */
async function deadPropertiesOf(deps: DavDeps, entries: readonly DavEntry[]) {
  const found = new Map<DavEntry, DeadProperty[]>();
  const byStorage = new Map<string, { entry: DavEntry; key: string }[]>();
  for (const entry of entries) {
    if (!entry.owner) continue;
    const group = byStorage.get(entry.owner.storageId) ?? [];
    group.push({ entry, key: entry.owner.key });
    byStorage.set(entry.owner.storageId, group);
  }
  for (const [storageId, group] of byStorage) {
    const rows = await deps.properties.listMany(
      storageId,
      group.map((item) => item.key),
    );
    for (const { entry, key } of group) found.set(entry, rows.get(key) ?? []);
  }
  return found;
}

/**
 * PROPFIND (Depth 0 or 1): the answer streams one `<D:response>` per resource while the
 * folder is read page by page through the fs listing (its caches included), so a folder of any
 * size costs constant memory.
 */
export async function propfind(deps: DavDeps, call: DavCall): Promise<void> {
  const depth = propfindDepth(call.request.headers.depth);
  const request = parsePropfind(await readXmlBody(call.request));
  const resource = await deps.resources.locate(call.actor, call.target.path);
  if (resource.kind === 'missing' || resource.kind === 'nowhere') {
    throw new DavError(404, `${call.target.path} does not exist`);
  }
  const quotas = new Map<string, Promise<{ used: number; available: number | null }>>();
  const context: PropfindContext = {
    locks: await deps.locks.around(call.target.path, depth === '1'),
    nowMs: deps.clock.now().getTime(),
    quota: (storageId) => {
      let quota = quotas.get(storageId);
      if (!quota) {
        quota = deps.quota(storageId);
        quotas.set(storageId, quota);
      }
      return quota;
    },
  };
  const wantsDead = request.kind !== 'prop' || request.props.some((name) => !isLiveProperty(name));
  const render = async (entries: readonly DavEntry[]) => {
    const dead = wantsDead
      ? await deadPropertiesOf(deps, entries)
      : new Map<DavEntry, DeadProperty[]>();
    const out: string[] = [];
    for (const entry of entries)
      out.push(await propfindResponse(entry, request, dead.get(entry) ?? [], context));
    return out.join('');
  };

  const self = entryOfResource(resource);
  const first = await render([self]);
  async function* body() {
    yield `${XML_DECLARATION}<D:multistatus xmlns:D="DAV:">${first}`;
    if (depth === '1' && isCollection(resource)) {
      let cursor: string | undefined;
      do {
        const page = await deps.fsRead.list(call.actor, {
          path: call.target.path,
          limit: LIST_PAGE,
          cursor,
        });
        yield await render(await childEntries(deps, page.items, resource));
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    }
    yield '</D:multistatus>';
  }
  await call.reply
    .code(207)
    .header('Content-Type', XML_TYPE)
    .send(Readable.from(body(), { objectMode: false }));
}

/**
 * PROPPATCH: dead properties of a resource in a mount, all or nothing (RFC 4918 §9.2): a
 * change to a live (protected) property fails the whole request — 403 for it, 424 for the
 * rest — and nothing is stored.
 */
export async function proppatch(deps: DavDeps, call: DavCall): Promise<void> {
  const changes = parsePropertyUpdate(await readXmlBody(call.request));
  const resource = await deps.resources.locate(call.actor, call.target.path);
  if (resource.kind === 'missing' || resource.kind === 'nowhere') {
    throw new DavError(404, `${call.target.path} does not exist`);
  }
  await deps.targets.folder(call.actor, call.target.path, 'path');
  const owner = ownerOf(resource);
  if (!owner) throw new DavError(403, 'a virtual folder has no properties to change');
  await checkWrite(deps, call, resource, [{ path: resource.path, reach: 'self' }]);
  const refused = changes.filter(isLiveProperty);
  const href = dav('href', escapeXml(hrefOf(resource.path, isCollection(resource))));
  let body: string;
  if (refused.length > 0) {
    const rest = changes.filter((change) => !isLiveProperty(change));
    body =
      href +
      propstat(
        refused.map((change) => element(change, '')),
        403,
      ) +
      (rest.length > 0
        ? propstat(
            rest.map((change) => element(change, '')),
            424,
          )
        : '');
  } else {
    await deps.properties.patch(owner, changes);
    body =
      href +
      propstat(
        changes.map((change) => element(change, '')),
        200,
      );
  }
  await call.reply
    .code(207)
    .header('Content-Type', XML_TYPE)
    .send(multistatus([dav('response', body)]));
}
