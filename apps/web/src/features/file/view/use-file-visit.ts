import type { FileDetail, FileUnlocked, PublicFile } from '@pasteport/contract';
import { useCallback, useEffect, useState } from 'react';
import { isFilePrompt } from '../api';
import { openFileOnce } from './open-file';
import { withSavedDetail } from './saved-file';

/** Where a visit of /file/{slug} stands. */
export type FileVisit =
  | { status: 'loading' }
  | { status: 'locked' }
  /** `token` is the verify answer's access token, kept in memory only (never stored). */
  | { status: 'open'; file: PublicFile; token: string | undefined }
  | { status: 'failed'; error: unknown };

/**
 * Reads a file's facts once for this visit (mount) and holds them in component state. The
 * slug is the one the visit started with: renaming the file keeps the visit (and its counted
 * preview) instead of starting a new one.
 */
export function useFileVisit(initialSlug: string) {
  const [slug] = useState(initialSlug);
  const [visit, setVisit] = useState<FileVisit>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    openFileOnce(slug).then(
      (answer) => {
        if (!active) return;
        setVisit(
          isFilePrompt(answer)
            ? { status: 'locked' }
            : { status: 'open', file: answer, token: undefined },
        );
      },
      (error: unknown) => {
        if (active) setVisit({ status: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [slug, attempt]);

  const retry = useCallback(() => {
    setVisit({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  const unlocked = useCallback((file: FileUnlocked) => {
    const { access_token: token, access_token_expires_at: _expires, ...rest } = file;
    setVisit({ status: 'open', file: rest, token });
  }, []);

  const failed = useCallback((error: unknown) => setVisit({ status: 'failed', error }), []);

  const saved = useCallback((detail: FileDetail) => {
    setVisit((current) =>
      current.status === 'open'
        ? { ...current, file: withSavedDetail(current.file, detail) }
        : current,
    );
  }, []);

  return { visit, retry, unlocked, failed, saved };
}
