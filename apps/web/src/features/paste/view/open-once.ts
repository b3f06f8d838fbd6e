import type { PastePrompt, PasteView } from '@pasteport/contract';
import { isApiError } from '../../../lib/api';
import { openPaste } from '../api';

/** Extra attempts after a network failure (no answer at all); answers are never retried. */
const NETWORK_RETRIES = 2;
const RETRY_DELAY_MS = 500;

const inFlight = new Map<string, Promise<PasteView | PastePrompt>>();

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function openWithRetry(slug: string): Promise<PasteView | PastePrompt> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // No abort signal on purpose: a request cancelled half-way may already have been counted.
      return await openPaste(slug);
    } catch (error) {
      const retryable = isApiError(error) && error.kind === 'network';
      // While the browser reports no connection a retry cannot succeed: fail now, so the
      // offline copy (lib/offline-copies) shows without waiting for the retries.
      if (!retryable || attempt >= NETWORK_RETRIES || !navigator.onLine) throw error;
      await wait(RETRY_DELAY_MS * (attempt + 1));
    }
  }
}

/**
 * GET /paste/{slug}, shared by every caller while it is in flight. Each content read counts
 * against max_views, so callers starting together (React StrictMode runs a mount effect
 * twice) must not cost the reader two views. The entry goes once the request settles: a
 * later call is a new visit and reads again.
 */
export function openPasteOnce(slug: string): Promise<PasteView | PastePrompt> {
  const pending = inFlight.get(slug);
  if (pending) return pending;
  const request = openWithRetry(slug).finally(() => inFlight.delete(slug));
  inFlight.set(slug, request);
  return request;
}
