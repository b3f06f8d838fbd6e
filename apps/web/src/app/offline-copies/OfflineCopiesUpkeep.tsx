import { useEffect } from 'react';
import { useAuthStore } from '../../lib/auth';
import { forgetOwner, offlineOwnerOf, sweepExpiredCopies } from '../../lib/offline-copies';

/** What the upkeep depends on; tests pass their own clock. */
export interface OfflineCopiesUpkeepProps {
  now?: () => number;
}

/**
 * Keeps the offline copies to what they may hold: at start, every copy past SPEC §9's 7 days
 * goes; when the signed-in identity changes (sign-out, another sign-in, here or in another
 * tab), everything that belonged to the previous one goes. Failures (no IndexedDB) are
 * ignored: there is then nothing kept to remove.
 */
export function OfflineCopiesUpkeep({ now = Date.now }: OfflineCopiesUpkeepProps) {
  const store = useAuthStore();

  useEffect(() => {
    sweepExpiredCopies(now()).catch(() => undefined);
  }, [now]);

  useEffect(() => {
    let owner = offlineOwnerOf(store.getSnapshot().session);
    return store.subscribe(() => {
      const snapshot = store.getSnapshot();
      const next = offlineOwnerOf(snapshot.session);
      if (next === owner) return;
      const previous = owner;
      owner = next;
      // A session that ended by itself keeps its queued operations for the next sign-in.
      const keepQueue = snapshot.endedBecause !== undefined;
      forgetOwner(previous, { keepQueue }).catch(() => undefined);
    });
  }, [store]);

  return null;
}
