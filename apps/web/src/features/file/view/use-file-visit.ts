import type { FileDetail, FilePrompt, FileUnlocked, PublicFile } from '@pasteport/contract';
import { useCallback, useMemo, useState } from 'react';
import {
  useShareVisit,
  type ShareVisit,
  type ShareVisitSource,
} from '../../../components/share-access/use-share-visit';
import { answersGone, copyInsteadOf, dropCopy, useOfflineOwner } from '../../../lib/offline-copies';
import { isFilePrompt } from '../api';
import { keepFileOffline, readFileCopy } from './offline-file';
import { openFileOnce } from './open-file';
import { withSavedDetail } from './saved-file';

/** What an open file visit holds. */
interface OpenFile {
  file: PublicFile;
  /** The verify answer's access token, kept in memory only (never stored). */
  token: string | undefined;
  /** Set when the page is shown from its offline copy: when that copy was saved (epoch ms). */
  offlineSavedAt: number | undefined;
}

/** Where a visit of /file/{slug} stands. */
export type FileVisit = ShareVisit<OpenFile>;

/** What the visit's read found: the file from the server, or its copy while offline. */
interface FoundFile {
  file: PublicFile;
  offlineSavedAt: number | undefined;
}

const isPrompt = (found: FoundFile | FilePrompt): found is FilePrompt =>
  'password_required' in found;

/**
 * The visit's one read. Facts read online are kept for reading offline (if the identity that
 * asked is still signed in); when the device is offline their copy stands in; a 404 or 410
 * forgets the copy, and every other failure shows as it always did.
 */
async function findFile(slug: string, ownerNow: () => string): Promise<FoundFile | FilePrompt> {
  const owner = ownerNow();
  let answer: PublicFile | FilePrompt;
  try {
    answer = await openFileOnce(slug);
  } catch (error) {
    if (answersGone(error)) void dropCopy('files', slug);
    const copy = await copyInsteadOf(error, () => readFileCopy(slug, owner));
    return { file: copy.file, offlineSavedAt: copy.savedAt };
  }
  if (isFilePrompt(answer)) return answer;
  if (ownerNow() === owner) void keepFileOffline(answer, owner);
  return { file: answer, offlineSavedAt: undefined };
}

function fileVisitSource(
  ownerNow: () => string,
): ShareVisitSource<OpenFile, FoundFile, FilePrompt, FileUnlocked, FileDetail> {
  return {
    read: (slug) => findFile(slug, ownerNow),
    isLocked: isPrompt,
    opened: ({ file, offlineSavedAt }) => ({ file, token: undefined, offlineSavedAt }),
    unlocked: ({ access_token: token, access_token_expires_at: _expires, ...file }) => ({
      file,
      token,
      offlineSavedAt: undefined,
    }),
    // An edit saved is the server's answer: the page no longer shows the offline copy.
    withSaved: (shown, saved) => ({
      ...shown,
      file: withSavedDetail(shown.file, saved),
      offlineSavedAt: undefined,
    }),
  };
}

/**
 * Reads a file's facts once for this visit (mount) and holds them in component state. The
 * slug is the one the visit started with: renaming the file keeps the visit (and its counted
 * preview) instead of starting a new one. What it shows is also kept for reading offline:
 * after a password was given (never the password or its token) and after an edit.
 */
export function useFileVisit(initialSlug: string) {
  const [slug] = useState(initialSlug);
  const ownerNow = useOfflineOwner();
  // The owner getter is stable for the auth store's life: the source, and so the read, too.
  const source = useMemo(() => fileVisitSource(ownerNow), [ownerNow]);
  const { visit, retry, unlocked, failed, saved } = useShareVisit(slug, source);
  const shown = visit.status === 'open' ? visit.file : undefined;

  const unlockedAndKept = useCallback(
    (answer: FileUnlocked, password: string) => {
      unlocked(answer, password);
      void keepFileOffline(answer, ownerNow());
    },
    [unlocked, ownerNow],
  );

  const savedAndKept = useCallback(
    (detail: FileDetail) => {
      saved(detail);
      if (!shown) return;
      const next = withSavedDetail(shown, detail);
      if (next.slug !== shown.slug) void dropCopy('files', shown.slug);
      void keepFileOffline(next, ownerNow());
    },
    [saved, shown, ownerNow],
  );

  return { visit, retry, unlocked: unlockedAndKept, failed, saved: savedAndKept };
}
