import type { FileUnlocked } from '@pasteport/contract';
import { SharePasswordPrompt } from '../../../components/share-access/SharePasswordPrompt';
import { verifyFile } from '../api';
import { fileProblemOf, isFinalProblem } from '../view/file-problem';

export interface FilePasswordPromptProps {
  slug: string;
  /**
   * The file's facts arrived with a token for its links (kept in memory by the caller, who
   * has no more use for the password).
   */
  onUnlocked: (file: FileUnlocked, password: string) => void;
  /** The file is gone or missing: the visit ends with that problem. */
  onGone: (error: unknown) => void;
}

/** The password form of a protected file (POST /public/files/{slug}/verify). */
export function FilePasswordPrompt({ slug, ...answers }: FilePasswordPromptProps) {
  return (
    <SharePasswordPrompt
      keyPrefix="file.unlock"
      unlock={(password) => verifyFile(slug, password)}
      endsVisit={(error) => isFinalProblem(fileProblemOf(error))}
      {...answers}
    />
  );
}
