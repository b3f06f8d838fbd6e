import { useRef, useState } from 'react';
import { fetchPreviewTextOnce } from '../../file/view/preview-text';

/** Where the panel is with a file's text: previewing it, loading it to edit, or editing it. */
export type EditStep =
  | { step: 'preview' }
  | { step: 'loading' }
  | { step: 'failed'; error: unknown }
  | { step: 'editing'; original: string; draft: string };

const PREVIEW: EditStep = { step: 'preview' };

/**
 * The edit session of the file at `path`. It belongs to that path: opening another file
 * starts with its preview. The text is read through the preview's own link.
 */
export function useTextEdit(path: string | undefined) {
  const [held, setHeld] = useState<{ path: string | undefined; state: EditStep }>({
    path,
    state: PREVIEW,
  });
  // Only the latest load may land: a cancel, or another file, makes an earlier one stale.
  const attempt = useRef(0);
  const state = held.path === path ? held.state : PREVIEW;
  const set = (next: EditStep) => setHeld({ path, state: next });

  function start(link: string) {
    const current = (attempt.current += 1);
    set({ step: 'loading' });
    fetchPreviewTextOnce(link).then(
      (text) => {
        if (attempt.current === current) set({ step: 'editing', original: text, draft: text });
      },
      (error: unknown) => {
        if (attempt.current === current) set({ step: 'failed', error });
      },
    );
  }

  function change(draft: string) {
    if (state.step === 'editing') set({ ...state, draft });
  }

  function stop() {
    attempt.current += 1;
    set(PREVIEW);
  }

  const dirty = state.step === 'editing' && state.draft !== state.original;
  return { state, dirty, start, change, stop };
}
