import { publicFileSchema, type FileUnlocked, type PublicFile } from '@pasteport/contract';
import { dropCopy, keepCopy, readCopy, shareExpiryOf } from '../../../lib/offline-copies';

/**
 * Whether a file's page may be kept to read offline. A file with a view limit never is, as
 * with pastes: its content reads are counted, and a page read offline would show a count and
 * "views left" the server never confirmed.
 */
export function mayKeepFileOffline(file: PublicFile): boolean {
  return file.max_views === 0;
}

/** A content link without the verify token it may carry: the token stays in memory only. */
export function withoutToken(link: string): string {
  const at = link.indexOf('?');
  if (at < 0) return link;
  const query = new URLSearchParams(link.slice(at + 1));
  query.delete('token');
  const rest = query.toString();
  return rest === '' ? link.slice(0, at) : `${link.slice(0, at)}?${rest}`;
}

type MaybeUnlocked = PublicFile &
  Partial<Pick<FileUnlocked, 'access_token' | 'access_token_expires_at'>>;

/**
 * Keeps what a file page showed for `owner`, replacing the copy of that slug. Only the facts:
 * never the password nor the access token a password gave (dropped from the answer and from
 * its links). One that may not be kept removes any earlier copy instead.
 */
export function keepFileOffline(file: MaybeUnlocked, owner: string, now?: number): Promise<void> {
  if (!mayKeepFileOffline(file)) return dropCopy('files', file.slug);
  const { access_token: _token, access_token_expires_at: _expires, ...facts } = file;
  const data: PublicFile = {
    ...facts,
    preview_url: withoutToken(facts.preview_url),
    download_url: withoutToken(facts.download_url),
  };
  const copy = { owner, data, shareExpiresAt: shareExpiryOf(file.expires_at) };
  return keepCopy('files', file.slug, copy, now);
}

/** A file's facts as kept, and when they were saved. */
export interface FileCopy {
  file: PublicFile;
  savedAt: number;
}

/** The fresh copy of `slug` kept for `owner`, if there is one the contract still describes. */
export async function readFileCopy(
  slug: string,
  owner: string,
  now?: number,
): Promise<FileCopy | undefined> {
  const copy = await readCopy('files', slug, owner, now);
  if (!copy) return undefined;
  const parsed = publicFileSchema.safeParse(copy.data);
  if (!parsed.success || !mayKeepFileOffline(parsed.data)) return undefined;
  return { file: parsed.data, savedAt: copy.cachedAt };
}
