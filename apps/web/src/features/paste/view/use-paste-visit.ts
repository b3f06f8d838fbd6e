import type { PasteDetail, PasteView } from '@pasteport/contract';
import { useCallback, useEffect, useState } from 'react';
import { needsPassword } from '../api';
import { openPasteOnce } from './open-once';

/** Where a visit of /paste/{slug} stands. */
export type PasteVisit =
  | { status: 'loading' }
  | { status: 'locked' }
  /** `password` is the one that unlocked it, kept in memory only (for the raw link). */
  | { status: 'open'; paste: PasteView; password: string | undefined }
  | { status: 'failed'; error: unknown };

/** The shown paste after an edit: the PUT answer's fields over the counted read. */
export function withSavedDetail(paste: PasteView, saved: PasteDetail): PasteView {
  return {
    ...paste,
    slug: saved.slug,
    content: saved.content,
    remark: saved.remark,
    expires_at: saved.expires_at,
    max_views: saved.max_views,
    views: saved.views,
    remaining_views: saved.max_views === 0 ? null : Math.max(0, saved.max_views - saved.views),
    has_password: saved.has_password,
    updated_at: saved.updated_at,
  };
}

/**
 * Opens a paste once for this visit (mount) and holds the result in component state, so
 * nothing (focus, reconnect, a sign-out clearing the query cache) ever reads it again: each
 * read is counted. Only `retry` reads again, after a failure.
 */
export function usePasteVisit(slug: string) {
  const [visit, setVisit] = useState<PasteVisit>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    openPasteOnce(slug).then(
      (answer) => {
        if (!active) return;
        setVisit(
          needsPassword(answer)
            ? { status: 'locked' }
            : { status: 'open', paste: answer, password: undefined },
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

  const unlocked = useCallback((paste: PasteView, password: string) => {
    setVisit({ status: 'open', paste, password });
  }, []);

  const failed = useCallback((error: unknown) => setVisit({ status: 'failed', error }), []);

  const saved = useCallback((detail: PasteDetail) => {
    setVisit((current) =>
      current.status === 'open'
        ? { ...current, paste: withSavedDetail(current.paste, detail) }
        : current,
    );
  }, []);

  return { visit, retry, unlocked, failed, saved };
}
