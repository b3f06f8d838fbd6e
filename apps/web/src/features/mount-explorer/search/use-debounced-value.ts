import { useEffect, useState } from 'react';

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `value` once it has stayed the same for `delayMs`: a search runs when typing pauses, not on
 * every key. The setter settles a value at once (a recent search clicked, Enter pressed).
 */
export function useDebouncedValue<T>(
  value: T,
  delayMs = SEARCH_DEBOUNCE_MS,
): [settled: T, settleNow: (value: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [settled, setSettled];
}
