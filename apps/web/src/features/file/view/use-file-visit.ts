import type { FileDetail, FilePrompt, FileUnlocked, PublicFile } from '@pasteport/contract';
import { useState } from 'react';
import {
  useShareVisit,
  type ShareVisit,
  type ShareVisitSource,
} from '../../../components/share-access/use-share-visit';
import { isFilePrompt } from '../api';
import { openFileOnce } from './open-file';
import { withSavedDetail } from './saved-file';

/** What an open file visit holds. */
interface OpenFile {
  file: PublicFile;
  /** The verify answer's access token, kept in memory only (never stored). */
  token: string | undefined;
}

/** Where a visit of /file/{slug} stands. */
export type FileVisit = ShareVisit<OpenFile>;

const FILE_VISIT: ShareVisitSource<OpenFile, PublicFile, FilePrompt, FileUnlocked, FileDetail> = {
  read: openFileOnce,
  isLocked: isFilePrompt,
  opened: (file) => ({ file, token: undefined }),
  unlocked: ({ access_token: token, access_token_expires_at: _expires, ...file }) => ({
    file,
    token,
  }),
  withSaved: (shown, saved) => ({ ...shown, file: withSavedDetail(shown.file, saved) }),
};

/**
 * Reads a file's facts once for this visit (mount) and holds them in component state. The
 * slug is the one the visit started with: renaming the file keeps the visit (and its counted
 * preview) instead of starting a new one.
 */
export function useFileVisit(initialSlug: string) {
  const [slug] = useState(initialSlug);
  return useShareVisit(slug, FILE_VISIT);
}
