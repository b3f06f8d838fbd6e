import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ARCHIVE_LINK_TTL_SECONDS,
  pathSegments,
  segmentProblem,
  type ArchiveLink,
  type CreateArchiveRequest,
} from '@pasteport/contract';
import type { Actor, AdminActor, ApiKeyActor } from '../../core/actor.js';
import { hasPermission } from '../../core/access-policy.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { constantTimeEqual, randomToken, sha256Hex } from '../../lib/secrets.js';
import { createZipStream, type ZipEntry, type ZipWriterOptions } from '../../lib/zip-writer.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { resolvePath } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';
import type { ArchiveLinkRepository } from './archive-links.repository.js';

/** Objects asked of storage per listing page while a folder is walked. */
const LIST_PAGE = 1000;

type Place = Extract<ReturnType<typeof resolvePath>, { kind: 'mount' }>;

/** An archive ready to stream: its download name and the ZIP itself. */
export interface ArchiveStream {
  filename: string;
  stream: Readable;
}

/**
 * Archives of mounts (POST /api/fs/archive, GET /api/fs/archive/{id}). Creating one checks
 * every path as the caller sees it and stores the request with the SHA-256 of a 256-bit secret;
 * the link is `/api/fs/archive/{id}?token={secret}`, valid for an hour, on every instance.
 * Opening it checks the rights of whoever made it again, as they are now, then streams the ZIP:
 * folders are walked one listing page at a time, so memory does not grow with their size.
 */
export function createFsArchiveService(deps: {
  links: ArchiveLinkRepository;
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver'>;
  /** The key as it stands now; null once deleted or expired. */
  findApiKey: (id: string) => Promise<ApiKeyActor | null>;
  /** The administrator's name, or undefined once the account is gone. */
  findAdmin: (id: string) => Promise<{ username: string } | undefined>;
  clock: Clock;
  publicUrl: string | undefined;
  zip?: ZipWriterOptions;
}) {
  const now = () => deps.clock.now();

  /** Each path as the actor may see it now: a file or folder of a mount. */
  async function placesOf(actor: Actor, paths: readonly string[]): Promise<Place[]> {
    const mounts = await deps.mountTable.active();
    return paths.map((path, i) => {
      const place = resolvePath(mounts, actor, path);
      if (place.kind !== 'mount') {
        const message = 'is a virtual folder: only files and folders of a mount can be archived';
        throw new AppError('VALIDATION_FAILED', `paths[${i}]: ${path} ${message}`, {
          details: [{ field: `paths[${i}]`, rule: 'mount', message }],
        });
      }
      return place;
    });
  }

  async function exists(place: Place): Promise<boolean> {
    if (place.key === '') return true;
    const driver = await deps.storage.getDriver(place.mount.storage_config_id);
    if (await driver.stat(place.key)) return true;
    const inside = await driver.list(`${place.key}/`, { limit: 1 });
    return inside.objects.length > 0 || inside.prefixes.length > 0;
  }

  /** The actor a link was made by, as it is now; refused when it is gone or lost the right. */
  async function actorNow(kind: 'admin' | 'apikey', id: string): Promise<Actor> {
    if (kind === 'admin') {
      const admin = await deps.findAdmin(id);
      if (!admin) {
        throw new AppError('PERMISSION_DENIED', 'the administrator who made this link is gone');
      }
      const actor: AdminActor = {
        kind: 'admin',
        adminId: id,
        username: admin.username,
        sessionTokenHash: '',
        expiresAt: '',
      };
      return actor;
    }
    const key = await deps.findApiKey(id);
    if (!key || !hasPermission(key, 'mount')) {
      throw new AppError(
        'PERMISSION_DENIED',
        'the API key that made this link was deleted, has expired or lost the mount permission',
      );
    }
    return key;
  }

  async function* entriesOf(places: readonly Place[]): AsyncGenerator<ZipEntry> {
    const taken = new Set<string>();
    for (const place of places) {
      const driver = await deps.storage.getDriver(place.mount.storage_config_id);
      const base = topName(place.path);
      const info = place.key === '' ? null : await driver.stat(place.key);
      if (info) {
        yield fileEntry(driver, place.key, uniqueName(base, taken, false), info.lastModified);
        continue;
      }
      yield* folderEntries(driver, place.key, () => uniqueName(base, taken, true), now());
    }
  }

  return {
    async create(actor: Actor, input: CreateArchiveRequest): Promise<ArchiveLink> {
      const maker = makerOf(actor);
      const normalised = input.paths.map((path, i) => normalizePath(path, `paths[${i}]`));
      const places = await placesOf(actor, normalised);
      for (const place of places) {
        if (!(await exists(place))) {
          throw new AppError('NOT_FOUND', `${place.path} does not exist`);
        }
      }
      const stamp = now();
      const expiresAt = new Date(stamp.getTime() + ARCHIVE_LINK_TTL_SECONDS * 1000);
      const secret = randomToken(32);
      const id = randomUUID();
      // Lazily, as links are made; the housekeeping sweep catches the rest.
      await deps.links.deleteExpired(stamp.toISOString());
      await deps.links.insert({
        id,
        token_hash: sha256Hex(secret),
        ...maker,
        paths: JSON.stringify([...new Set(places.map((place) => place.path))]),
        name: withZipExtension(input.name.trim()),
        created_at: stamp.toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      return {
        url: `${deps.publicUrl ?? ''}/api/fs/archive/${id}?token=${secret}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * The archive behind a link: the token must match (403), the link be known (404) and
     * unexpired (410), and its maker still see every path now.
     */
    async open(id: string, token: string | undefined): Promise<ArchiveStream> {
      const row = await deps.links.findById(id);
      if (!row) throw new AppError('NOT_FOUND', 'this archive link does not exist');
      if (token === undefined || !constantTimeEqual(sha256Hex(token), row.token_hash)) {
        throw new AppError('FORBIDDEN', 'the archive link token is missing or wrong');
      }
      if (row.expires_at <= now().toISOString()) {
        throw new AppError('GONE', 'this archive link has expired');
      }
      const actor = await actorNow(row.actor_kind, row.actor_id);
      const places = await placesOf(actor, JSON.parse(row.paths) as string[]);
      return { filename: row.name, stream: createZipStream(entriesOf(places), deps.zip) };
    },

    /** Deletes expired links (the housekeeping sweep); answers how many went. */
    sweepExpired(): Promise<number> {
      return deps.links.deleteExpired(now().toISOString());
    },
  };
}

export type FsArchiveService = ReturnType<typeof createFsArchiveService>;

/** Who a link is made for: the admin or the API key whose rights it will be checked against. */
function makerOf(actor: Actor): { actor_kind: 'admin' | 'apikey'; actor_id: string } {
  if (actor.kind === 'admin') return { actor_kind: 'admin', actor_id: actor.adminId };
  if (actor.kind === 'apikey' && hasPermission(actor, 'mount')) {
    return { actor_kind: 'apikey', actor_id: actor.keyId };
  }
  throw new AppError('PERMISSION_DENIED', 'archives need the mount permission');
}

function fileEntry(driver: StorageDriver, key: string, name: string, modified: Date): ZipEntry {
  return {
    kind: 'file',
    name,
    modified,
    open: async () => {
      try {
        const { stream, contentLength } = await driver.read(key);
        return { stream, size: contentLength };
      } catch (err) {
        // Deleted since it was listed: left out, as if it had gone a moment earlier.
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}

/**
 * A folder's entries, walked page by page without a delimiter (keys come in byte order, so
 * every folder's keys are contiguous and only the current chain of folders is remembered). An
 * explicit entry is written for every folder, so empty ones survive. Keys with a name no path
 * could name (`..`, a backslash, a control character …) are left out: no entry can point
 * outside the folder it is extracted into. Nothing is written for a folder that no longer
 * holds anything (deleted since the link was made), except a mount's root, which always is.
 */
async function* folderEntries(
  driver: StorageDriver,
  key: string,
  claimName: () => string,
  fallbackTime: Date,
): AsyncGenerator<ZipEntry> {
  const prefix = key === '' ? '' : `${key}/`;
  let top: string | null = null;
  const open = (modified: Date): ZipEntry => {
    top = claimName();
    return { kind: 'folder', name: `${top}/`, modified };
  };
  if (key === '') yield open(fallbackTime);
  const chain: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { cursor, limit: LIST_PAGE });
    for (const object of page.objects) {
      if (top === null) yield open(object.lastModified);
      const relative = object.key.slice(prefix.length);
      const isFolder = relative.endsWith('/');
      const segments = (isFolder ? relative.slice(0, -1) : relative).split('/');
      if (relative === '' || segments.some((segment) => segmentProblem(segment))) continue;
      const folders = isFolder ? segments : segments.slice(0, -1);
      let same = 0;
      while (same < chain.length && same < folders.length && chain[same] === folders[same]) same++;
      chain.length = same;
      for (const folder of folders.slice(same)) {
        chain.push(folder);
        yield { kind: 'folder', name: `${top}/${chain.join('/')}/`, modified: object.lastModified };
      }
      if (!isFolder) yield fileEntry(driver, object.key, `${top}/${relative}`, object.lastModified);
    }
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * A selected path's name at the top of the archive: its last segment (already checked by the
 * path rule). A drive-letter form (`C:`) is defused, since some Windows tools would extract
 * `C:/…` onto that drive.
 */
function topName(path: string): string {
  const name = pathSegments(path).at(-1) ?? 'root';
  return name.replace(/^([A-Za-z]):/, '$1_');
}

/** `name`, or `name (2).ext`, `name (3).ext` … when taken (case-insensitively, as Windows). */
function uniqueName(name: string, taken: Set<string>, folder: boolean): string {
  const dot = folder ? -1 : name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    candidate = `${stem} (${n})${extension}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

function withZipExtension(name: string): string {
  return /\.zip$/i.test(name) ? name : `${name}.zip`;
}
