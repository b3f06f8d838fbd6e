/// <reference lib="webworker" />
import {
  pageForShare,
  SHARE_CACHE,
  sharedContentOf,
  storeShare,
} from '../pwa/shared/share-target-store';

/**
 * Answers the manifest's share target: keeps what was shared for the page and opens it
 * (303, so a reload of that page does not post again). Nothing is uploaded here: the upload
 * page shows the files queued and waits for the person.
 */
export async function answerShareTarget(request: Request): Promise<Response> {
  try {
    const share = sharedContentOf(await request.formData());
    await storeShare(await caches.open(SHARE_CACHE), share);
    return Response.redirect(pageForShare(share), 303);
  } catch {
    // A body that is not a form (or a full disk): open Home rather than an error page.
    return Response.redirect('/', 303);
  }
}
