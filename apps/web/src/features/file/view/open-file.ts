import type { FilePrompt, PublicFile } from '@pasteport/contract';
import { isApiError } from '../../../lib/api';
import { getPublicFile } from '../api';
import { shareInFlight } from './share-in-flight';

/** Extra attempts after a network failure (no answer at all); answers are never retried. */
const NETWORK_RETRIES = 2;
const RETRY_DELAY_MS = 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function openWithRetry(slug: string): Promise<PublicFile | FilePrompt> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // Reading the facts never counts a view, so a lost answer may simply be asked again.
      return await getPublicFile(slug);
    } catch (error) {
      const retryable = isApiError(error) && error.kind === 'network';
      // While the browser reports no connection a retry cannot succeed: fail now, so the
      // offline copy (lib/offline-copies) shows without waiting for the retries.
      if (!retryable || attempt >= NETWORK_RETRIES || !navigator.onLine) throw error;
      await wait(RETRY_DELAY_MS * (attempt + 1));
    }
  }
}

/** GET /public/files/{slug}, one request for every caller that starts while it is in flight. */
export function openFileOnce(slug: string): Promise<PublicFile | FilePrompt> {
  return shareInFlight(`file:${slug}`, () => openWithRetry(slug));
}
