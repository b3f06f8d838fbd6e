import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '../../../lib/auth';
import {
  addToBasket,
  basketTotals,
  removeFromBasket,
  type AddOutcome,
  type BasketCandidate,
  type BasketEntry,
  type BasketTotals,
} from './basket-rules';
import { basketStorageKey, readBasket, subscribeBasket, writeBasket } from './basket-store';

/** The signed-in identity's basket and what can be done with it. */
export interface BasketApi {
  entries: readonly BasketEntry[];
  totals: BasketTotals;
  /** Adds explorer entries (FsItem fits) by the basket rules; says what happened to each. */
  add: (items: readonly BasketCandidate[]) => AddOutcome;
  remove: (path: string) => void;
  clear: () => void;
}

const NOTHING_ADDED = (count: number): AddOutcome => ({
  entries: [],
  added: 0,
  skipped: 0,
  refused: count,
});

/**
 * The basket of whoever is signed in, kept in localStorage: it survives navigation and reloads,
 * follows changes made in other tabs, and is never shown to another identity. Signed out, it is
 * empty and refuses additions.
 */
export function useBasket(): BasketApi {
  const { session } = useAuth();
  const key = basketStorageKey(session);
  const entries = useSyncExternalStore(
    subscribeBasket,
    () => readBasket(key),
    () => readBasket(undefined),
  );
  const totals = useMemo(() => basketTotals(entries), [entries]);

  const add = useCallback(
    (items: readonly BasketCandidate[]) => {
      if (key === undefined) return NOTHING_ADDED(items.length);
      // Read at call time, not from the render: two quick adds must not overwrite each other.
      const outcome = addToBasket(readBasket(key), items);
      if (outcome.added > 0) writeBasket(key, outcome.entries);
      return outcome;
    },
    [key],
  );
  const remove = useCallback(
    (path: string) => {
      if (key !== undefined) writeBasket(key, removeFromBasket(readBasket(key), path));
    },
    [key],
  );
  const clear = useCallback(() => {
    if (key !== undefined) writeBasket(key, []);
  }, [key]);

  return { entries, totals, add, remove, clear };
}
