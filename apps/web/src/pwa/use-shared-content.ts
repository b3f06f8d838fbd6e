import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  SHARE_CACHE,
  SHARED_PARAM,
  takeShare,
  type SharedContent,
} from './shared/share-target-store';

export type { SharedContent } from './shared/share-target-store';

/** Where the page reads a pending share from; tests pass a fake. */
export type ShareSource = () => Promise<SharedContent | undefined>;

const cacheShareSource: ShareSource = async () =>
  typeof caches === 'undefined' ? undefined : takeShare(await caches.open(SHARE_CACHE));

/**
 * Hands what another app shared (Web Share Target, via the service worker) to the page once,
 * when the page was opened with `?shared=1`, then takes the parameter out of the address so a
 * reload does not look again.
 */
export function useSharedContent(
  receive: (share: SharedContent) => void,
  source: ShareSource = cacheShareSource,
): void {
  const [params, setParams] = useSearchParams();
  const pending = params.get(SHARED_PARAM) === '1';
  const latest = useRef(receive);
  useEffect(() => {
    latest.current = receive;
  });
  // Taking a share removes it: once per arrival, even when StrictMode runs the effect twice.
  const taken = useRef(false);
  useEffect(() => {
    if (!pending) {
      taken.current = false;
      return;
    }
    if (taken.current) return;
    taken.current = true;
    void source()
      .catch(() => undefined)
      .then((share) => {
        if (share) latest.current(share);
      });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [pending, setParams, source]);
}

/** A shared title, text and link as one paste: each on its own paragraph, none repeated. */
export function sharedText(share: Pick<SharedContent, 'title' | 'text' | 'url'>): string {
  const parts: string[] = [];
  for (const part of [share.title, share.text, share.url].map((value) => value.trim())) {
    if (part !== '' && !parts.some((kept) => kept.includes(part))) parts.push(part);
  }
  return parts.join('\n\n');
}
