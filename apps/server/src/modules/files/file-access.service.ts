import type { FilePrompt, FileUnlocked, PublicFile } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { parseRangeHeader } from '../../storage/byte-range.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { Actor } from '../../core/actor.js';
import { hasPermission, isCreator } from '../../core/access-policy.js';
import { assertShareOpen, countedOrThrow, shareNotFound } from '../../core/share/share-gate.js';
import { sharePasswordGate, type SharePasswordThrottle } from '../../core/share/share-password.js';
import type { ServedObject } from '../../http/serve-object.js';
import type { UserContentUse } from '../../http/user-content.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FileAccessTokens } from './file-access-token.js';
import type { FileGrants } from './file-grant.js';
import type { FileRepository, FileRow } from './file.repository.js';
import { presentPublicFile } from './file.presenter.js';
import type { LinkedShares } from './linked-shares.js';

/** Lifetime of a direct-mode redirect. */
const DIRECT_LINK_SECONDS = 300;

/** How a content request proves it may read a password file. */
export interface Credentials {
  password?: string | undefined;
  token?: string | undefined;
}

/** What a download or view asks for: the file, how, and what the request presents. */
export interface ContentRequest {
  slug: string;
  use: UserContentUse;
  method: 'GET' | 'HEAD';
  credentials: Credentials;
  ip: string;
  /** The Range header: only a byte range continues a counted download. */
  range: string | undefined;
  /** The continuation grant this browser holds for the file, if any. */
  continuation: string | undefined;
}

/** The object a content answer serves (see serveObject). */
export type FileObject = Omit<ServedObject, 'beforeBody'>;

/** The Office viewer's link to one file, and when it stops working. */
export interface OfficePreviewLink {
  url: string;
  expires_at: string;
}

/** What a counted GET leaves: the continuation grant, and where a direct download goes. */
export interface Delivery {
  continuation: { token: string; expiresAt: Date };
  /** Direct mode: the storage (or CDN) URL that serves the download instead of this server. */
  location?: string;
}

/** A file opened for its content: the object to serve, and (for a GET) its delivery. */
export interface FileContent {
  /** The file's own slug (a link may spell it in another case). */
  slug: string;
  object: FileObject;
  /** Counts the read (unless a continuation covers it) and says how it is delivered. */
  deliver(): Promise<Delivery>;
}

/**
 * The public side of file shares: info, password verification, and opening the content for
 * download, view or the office viewer — each content read counted once, atomically.
 *
 * Every GET that returns content counts one view — whatever its Range — unless it is a byte
 * range continuing a counted download of this browser: the counted answer hands out a
 * short-lived continuation grant for this file, which later ranges (a media player's seeks)
 * present. A full GET is a new download and always counts; HEAD, 304 and 416 return no content
 * and never count.
 */
export function createFileAccessService(deps: {
  files: FileRepository;
  storage: StorageRegistry;
  clock: Clock;
  tokens: FileAccessTokens;
  grants: FileGrants;
  passwordThrottle: SharePasswordThrottle;
  /** Shares of mount objects: gone once their object is (see linked-shares.ts). */
  linked: Pick<LinkedShares, 'assertSourcePresent' | 'checkSource'>;
  /** The origin of links this server hands out; the request's own when not configured. */
  publicUrl: string | undefined;
}) {
  const now = () => deps.clock.now();

  /** The file, unless expired or — when `granted` is false — used up. */
  async function readable(
    slug: string,
    granted: (row: FileRow) => boolean = () => false,
  ): Promise<FileRow> {
    const row = await deps.files.findBySlug(slug);
    if (!row) throw shareNotFound('file', slug);
    // Asked whatever the count: open() keeps the grant it verifies for the caller.
    assertShareOpen('file', row, now().toISOString(), () => granted(row));
    deps.linked.assertSourcePresent(row);
    return row;
  }

  const checkPassword = sharePasswordGate(deps.passwordThrottle, 'file');

  /** A token from verify opens the file without the password, until it expires. */
  async function checkCredentials(row: FileRow, credentials: Credentials, ip: string) {
    if (row.password_hash === null) return;
    if (
      credentials.token !== undefined &&
      deps.tokens.verify(credentials.token, row.id, row.password_hash, now())
    ) {
      return;
    }
    await checkPassword(row, credentials.password, ip);
  }

  /**
   * Opens a file for its content after checking its password or access token. A valid
   * `continuation` grant opens it even when the view it continues was its last, and says so
   * in `grantedViewAt`: that read is not counted again.
   */
  async function open(slug: string, credentials: Credentials, ip: string, continuation?: string) {
    let grantedViewAt: number | undefined;
    const row = await readable(slug, (file) => {
      grantedViewAt = deps.grants.verify(continuation, 'continue', file, now());
      return grantedViewAt !== undefined;
    });
    await checkCredentials(row, credentials, ip);
    return { row, grantedViewAt };
  }

  /** Counts one content read with the repository's atomic conditional update. */
  async function countView(row: FileRow): Promise<void> {
    const counted = countedOrThrow(
      'file',
      row.slug,
      await deps.files.countView(row.id, now().toISOString()),
    );
    row.views = counted.views;
  }

  /** How a file's bytes are answered: a share with a limit or a password is never cached. */
  function objectOf(
    row: FileRow,
    use: UserContentUse,
    conditional = true,
  ): Omit<FileObject, 'driver'> {
    const limited = row.max_views > 0 || row.password_hash !== null;
    return {
      key: row.storage_path,
      size: row.size,
      contentType: row.mimetype,
      filename: row.filename,
      use,
      cacheControl: limited ? 'no-store' : 'private, no-cache',
      etag: conditional ? row.etag : null,
    };
  }

  /**
   * Where a direct-mode download goes: the storage config's CDN host when it has one (the
   * object's public path there), else a short-lived presigned URL of the storage itself.
   */
  async function directLocation(row: FileRow, driver: StorageDriver): Promise<string> {
    const meta = await deps.storage.getConfig(row.storage_config_id);
    if (meta.custom_host && driver.kind === 's3') {
      const key = meta.key_prefix ? `${meta.key_prefix}/${row.storage_path}` : row.storage_path;
      const path = key.split('/').map(encodeURIComponent).join('/');
      return `${meta.custom_host.replace(/\/+$/, '')}/${path}`;
    }
    const signed = await driver.presignGet(row.storage_path, {
      expiresInSeconds: DIRECT_LINK_SECONDS,
      filename: row.filename,
      disposition: 'attachment',
      contentType: row.mimetype,
    });
    return signed.url;
  }

  const manageIdFor = (actor: Actor, row: FileRow): string | null =>
    hasPermission(actor, 'file') && isCreator(actor, row.created_by) ? row.id : null;

  return {
    /** Info: never counted; a password file tells only what the prompt needs. */
    async info(actor: Actor, slug: string): Promise<PublicFile | FilePrompt> {
      const row = await readable(slug);
      if (row.password_hash !== null) {
        return { slug: row.slug, has_password: true, password_required: true };
      }
      return presentPublicFile(row, manageIdFor(actor, row));
    },

    /** Checks the password (throttled) and hands out a token bound to this file. */
    async verify(actor: Actor, slug: string, password: string, ip: string): Promise<FileUnlocked> {
      const row = await readable(slug);
      await checkPassword(row, password, ip);
      const issued =
        row.password_hash === null
          ? undefined
          : deps.tokens.issue(row.id, row.password_hash, now());
      return {
        ...presentPublicFile(row, manageIdFor(actor, row), issued?.token),
        access_token: issued?.token ?? '',
        access_token_expires_at: (issued?.expiresAt ?? now()).toISOString(),
      };
    },

    /**
     * A download or inline view. A continuation is considered only for a ranged GET. Direct
     * mode sends downloads to storage; inline views stay on this origin, where the app's CSP
     * lets the file page show them (a storage origin would be blocked there).
     */
    async openContent(request: ContentRequest): Promise<FileContent> {
      const continues = parseRangeHeader(request.range) !== null && request.method === 'GET';
      const { row, grantedViewAt } = await open(
        request.slug,
        request.credentials,
        request.ip,
        continues ? request.continuation : undefined,
      );
      const driver = await deps.storage.getDriver(row.storage_config_id);
      const info = await deps.linked.checkSource(row, (key) => driver.stat(key));
      return {
        slug: row.slug,
        object: { ...objectOf(row, request.use), driver, info },
        async deliver() {
          if (grantedViewAt === undefined) await countView(row);
          const continuation = deps.grants.issue('continue', row, now(), grantedViewAt);
          if (row.access_mode !== 'direct' || request.use !== 'download') return { continuation };
          return { continuation, location: await directLocation(row, driver) };
        },
      };
    },

    /**
     * The Office viewer fetches the file from its own servers: it gets a link of this server
     * that serves only this file, only for a few minutes, and dies with a password change.
     * Asking for it counts a view.
     */
    async officePreview(
      slug: string,
      credentials: Credentials,
      ip: string,
      requestOrigin: string,
    ): Promise<OfficePreviewLink> {
      const { row } = await open(slug, credentials, ip);
      await countView(row);
      const grant = deps.grants.issue('office', row, now());
      const base = deps.publicUrl ?? requestOrigin;
      const path = `/api/office-file/${encodeURIComponent(row.slug)}?grant=${grant.token}`;
      return { url: `${base}${path}`, expires_at: grant.expiresAt.toISOString() };
    },

    /**
     * The file behind an Office grant, for the grant's holder alone: no password, no count —
     * the grant stands for a counted view and dies with a password change. An attachment,
     * not conditional (the viewer fetches it once).
     */
    async openOfficeFile(slug: string, grant: string): Promise<FileObject> {
      const valid = (file: FileRow) =>
        deps.grants.verify(grant, 'office', file, now()) !== undefined;
      const row = await readable(slug, valid);
      if (!valid(row)) throw new AppError('FORBIDDEN', 'this link has expired or was revoked');
      const driver = await deps.storage.getDriver(row.storage_config_id);
      const info = await deps.linked.checkSource(row, (key) => driver.stat(key));
      return { ...objectOf(row, 'download', false), driver, info };
    },
  };
}

export type FileAccessService = ReturnType<typeof createFileAccessService>;
