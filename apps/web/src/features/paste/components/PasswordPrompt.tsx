import type { PasteView } from '@pasteport/contract';
import { SharePasswordPrompt } from '../../../components/share-access/SharePasswordPrompt';
import { unlockPaste } from '../api';
import { isFinalProblem, pasteProblemOf } from '../view/paste-problem';

export interface PasswordPromptProps {
  slug: string;
  /** The content arrived; `password` is kept in memory for the raw link. */
  onUnlocked: (paste: PasteView, password: string) => void;
  /** The paste is gone or missing: the visit ends with that problem. */
  onGone: (error: unknown) => void;
}

/** The password form of a protected paste (SPEC §7: POST /paste/{slug} {password}). */
export function PasswordPrompt({ slug, ...answers }: PasswordPromptProps) {
  return (
    <SharePasswordPrompt
      keyPrefix="pasteView.unlock"
      unlock={(password) => unlockPaste(slug, password)}
      endsVisit={(error) => isFinalProblem(pasteProblemOf(error))}
      {...answers}
    />
  );
}
