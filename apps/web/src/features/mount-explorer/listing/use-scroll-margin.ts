import { useCallback, useEffect, useState } from 'react';

/**
 * Where a window-scrolled list starts on the page (its `offsetTop`), for the virtualiser's
 * scroll margin: measured when the element appears and again on every resize (the toolbar
 * above may wrap). A callback ref, so nothing reads a ref during render.
 */
export function useScrollMargin<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [margin, setMargin] = useState(0);
  const ref = useCallback((node: T | null) => {
    setElement(node);
    if (node) setMargin(node.offsetTop);
  }, []);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => setMargin(element.offsetTop);
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element]);
  return { ref, margin };
}
