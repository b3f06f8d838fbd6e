import { useEffect } from 'react';

/**
 * Asks before the tab is closed or reloaded while `active` (a share or a transfer in flight;
 * a draft autosaves, so it needs no prompt).
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
