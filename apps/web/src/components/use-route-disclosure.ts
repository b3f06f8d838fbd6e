import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state that closes itself on any navigation (link, back button, redirect):
 * it is open only while the location is the one it was opened at, so no effect is needed.
 */
export function useRouteDisclosure() {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === location.key;
  return {
    opened,
    open: () => setOpenedAt(location.key),
    close: () => setOpenedAt(null),
    toggle: () => setOpenedAt(opened ? null : location.key),
  };
}
