import type { PasteDetail, PastePrompt, PasteView } from '@pasteport/contract';
import { useCallback, useMemo } from 'react';
import {
  useShareVisit,
  type ShareVisit,
  type ShareVisitSource,
} from '../../../components/share-access/use-share-visit';
import { answersGone, copyInsteadOf, dropCopy, useOfflineOwner } from '../../../lib/offline-copies';
import { needsPassword } from '../api';
import { keepPasteOffline, readPasteCopy } from './offline-paste';
import { openPasteOnce } from './open-once';

/** What an open paste visit holds. */
interface OpenPaste {
  paste: PasteView;
  /** The password that unlocked it, kept in memory only (for the raw link; never stored). */
  password: string | undefined;
  /** Set when the paste is shown from its offline copy: when that copy was saved (epoch ms). */
  offlineSavedAt: number | undefined;
}

/** Where a visit of /paste/{slug} stands. */
export type PasteVisit = ShareVisit<OpenPaste>;

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

/** What the visit's read found: the paste from the server, or its copy while offline. */
interface FoundPaste {
  paste: PasteView;
  offlineSavedAt: number | undefined;
}

const isPrompt = (found: FoundPaste | PastePrompt): found is PastePrompt =>
  'password_required' in found;

/**
 * The visit's one read. A paste read online is kept for reading offline (if the identity that
 * asked is still signed in); when the device is offline its copy stands in; a 404 or 410
 * forgets the copy, and every other failure shows as it always did.
 */
async function findPaste(slug: string, ownerNow: () => string): Promise<FoundPaste | PastePrompt> {
  const owner = ownerNow();
  let answer: PasteView | PastePrompt;
  try {
    answer = await openPasteOnce(slug);
  } catch (error) {
    if (answersGone(error)) void dropCopy('pastes', slug);
    const copy = await copyInsteadOf(error, () => readPasteCopy(slug, owner));
    return { paste: copy.paste, offlineSavedAt: copy.savedAt };
  }
  if (needsPassword(answer)) return answer;
  if (ownerNow() === owner) void keepPasteOffline(answer, owner);
  return { paste: answer, offlineSavedAt: undefined };
}

function pasteVisitSource(
  ownerNow: () => string,
): ShareVisitSource<OpenPaste, FoundPaste, PastePrompt, PasteView, PasteDetail> {
  return {
    read: (slug) => findPaste(slug, ownerNow),
    isLocked: isPrompt,
    opened: ({ paste, offlineSavedAt }) => ({ paste, password: undefined, offlineSavedAt }),
    unlocked: (paste, password) => ({ paste, password, offlineSavedAt: undefined }),
    // An edit saved is the server's answer: the page no longer shows the offline copy.
    withSaved: (shown, saved) => ({
      ...shown,
      paste: withSavedDetail(shown.paste, saved),
      offlineSavedAt: undefined,
    }),
  };
}

/**
 * Opens a paste once for this visit (mount): each read is counted (see useShareVisit). What it
 * shows is also kept for reading offline: after a password was given (the content, never the
 * password) and after an edit, so the copy is never older than the page.
 */
export function usePasteVisit(slug: string) {
  const ownerNow = useOfflineOwner();
  // The owner getter is stable for the auth store's life: the source, and so the read, too.
  const source = useMemo(() => pasteVisitSource(ownerNow), [ownerNow]);
  const { visit, retry, unlocked, failed, saved } = useShareVisit(slug, source);
  const shown = visit.status === 'open' ? visit.paste : undefined;

  const unlockedAndKept = useCallback(
    (paste: PasteView, password: string) => {
      unlocked(paste, password);
      void keepPasteOffline(paste, ownerNow());
    },
    [unlocked, ownerNow],
  );

  const savedAndKept = useCallback(
    (detail: PasteDetail) => {
      saved(detail);
      if (!shown) return;
      const next = withSavedDetail(shown, detail);
      if (next.slug !== shown.slug) void dropCopy('pastes', shown.slug);
      void keepPasteOffline(next, ownerNow());
    },
    [saved, shown, ownerNow],
  );

  return { visit, retry, unlocked: unlockedAndKept, failed, saved: savedAndKept };
}
