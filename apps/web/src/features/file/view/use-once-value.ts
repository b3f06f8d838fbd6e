import { useCallback, useEffect, useState } from 'react';

/** A value loaded for this view: still loading, there, or failed. */
export type OnceValue<T> =
  { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

/**
 * Loads a value when mounted and keeps it in component state for as long as the component
 * lives, so nothing (focus, reconnect, a cleared query cache) loads it again: the reads this
 * is for are counted. `load` must share in-flight requests (StrictMode mounts twice); only
 * `retry`, after a failure, asks again.
 */
export function useOnceValue<T>(load: () => Promise<T>) {
  const [state, setState] = useState<OnceValue<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The first `load` is the one used: a new function on re-render must not load again.
  const [loader] = useState(() => load);

  useEffect(() => {
    let active = true;
    loader().then(
      (value) => {
        if (active) setState({ status: 'done', value });
      },
      (error: unknown) => {
        if (active) setState({ status: 'failed', error });
      },
    );
    return () => {
      active = false;
    };
  }, [loader, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  return { state, retry };
}
