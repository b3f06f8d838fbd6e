import type { PasteDetail, PastePrompt, PasteView } from '@pasteport/contract';
import {
  useShareVisit,
  type ShareVisit,
  type ShareVisitSource,
} from '../../../components/share-access/use-share-visit';
import { needsPassword } from '../api';
import { openPasteOnce } from './open-once';

/** What an open paste visit holds. */
interface OpenPaste {
  paste: PasteView;
  /** The password that unlocked it, kept in memory only (for the raw link). */
  password: string | undefined;
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

const PASTE_VISIT: ShareVisitSource<OpenPaste, PasteView, PastePrompt, PasteView, PasteDetail> = {
  read: openPasteOnce,
  isLocked: needsPassword,
  opened: (paste) => ({ paste, password: undefined }),
  unlocked: (paste, password) => ({ paste, password }),
  withSaved: (shown, saved) => ({ ...shown, paste: withSavedDetail(shown.paste, saved) }),
};

/** Opens a paste once for this visit (mount): each read is counted (see useShareVisit). */
export function usePasteVisit(slug: string) {
  return useShareVisit(slug, PASTE_VISIT);
}
