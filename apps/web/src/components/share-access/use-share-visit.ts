import { useCallback, useEffect, useState } from 'react';

/** Where a visit of a shared paste or file stands; `Shown` is what an open visit holds. */
export type ShareVisit<Shown> =
  | { status: 'loading' }
  | { status: 'locked' }
  | ({ status: 'open' } & Shown)
  | { status: 'failed'; error: unknown };

/**
 * How a kind of share is read, unlocked and refreshed. Keep it a module constant: a new one
 * starts a new read.
 */
export interface ShareVisitSource<Shown, Opened, Prompt, Unlocked, Saved> {
  /** The visit's one read: what the share shows, or the news that it needs a password. */
  read: (slug: string) => Promise<Opened | Prompt>;
  isLocked: (answer: Opened | Prompt) => answer is Prompt;
  opened: (answer: Opened) => Shown;
  /** What the password prompt's answer shows. */
  unlocked: (answer: Unlocked, password: string) => Shown;
  /** What an edit's answer changes in what is shown. */
  withSaved: (shown: Shown, saved: Saved) => Shown;
}

/**
 * Reads a share once for this visit (mount) and holds the result in component state, so
 * nothing (focus, reconnect, a sign-out clearing the query cache) reads it again: a read may
 * be counted. Only `retry` reads again, after a failure.
 */
export function useShareVisit<Shown extends object, Opened, Prompt, Unlocked, Saved>(
  slug: string,
  source: ShareVisitSource<Shown, Opened, Prompt, Unlocked, Saved>,
) {
  const [visit, setVisit] = useState<ShareVisit<Shown>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    source.read(slug).then(
      (answer) => {
        if (!active) return;
        setVisit(
          source.isLocked(answer)
            ? { status: 'locked' }
            : { status: 'open', ...source.opened(answer) },
        );
      },
      (error: unknown) => {
        if (active) setVisit({ status: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [slug, source, attempt]);

  const retry = useCallback(() => {
    setVisit({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  const unlocked = useCallback(
    (answer: Unlocked, password: string) =>
      setVisit({ status: 'open', ...source.unlocked(answer, password) }),
    [source],
  );

  const failed = useCallback((error: unknown) => setVisit({ status: 'failed', error }), []);

  /** An edit was saved: an open visit shows its answer; other states stay as they are. */
  const saved = useCallback(
    (answer: Saved) =>
      setVisit((current) =>
        current.status === 'open'
          ? { status: 'open', ...source.withSaved(current, answer) }
          : current,
      ),
    [source],
  );

  return { visit, retry, unlocked, failed, saved };
}
