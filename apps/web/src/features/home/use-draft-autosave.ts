import { useEffect, useRef, useState } from 'react';
import { saveDraft, type Draft, type SaveOutcome } from './draft-storage';
import type { ShareOptions } from './share-form';

/** Typing pauses this long before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 500;

type DraftInput = Omit<Draft, 'savedAt'>;

/**
 * Writes the draft 500 ms after the last change, and at once when the page is hidden or left
 * (so a quick reload loses nothing). Returns how the last write went.
 */
export function useDraftAutosave(
  content: string,
  markdown: boolean,
  options: ShareOptions,
): SaveOutcome | undefined {
  const [outcome, setOutcome] = useState<SaveOutcome>();
  const pending = useRef<DraftInput | null>(null);

  useEffect(() => {
    pending.current = { content, markdown, options };
    const timer = window.setTimeout(() => {
      pending.current = null;
      setOutcome(saveDraft({ content, markdown, options }, new Date()));
    }, DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [content, markdown, options]);

  useEffect(() => {
    const flush = () => {
      if (pending.current) saveDraft(pending.current, new Date());
      pending.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  return outcome;
}
