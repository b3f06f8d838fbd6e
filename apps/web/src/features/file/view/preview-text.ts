import { ApiError } from '../../../lib/api';
import { errorFieldsOf } from '../../../lib/api/errors';
import { parseBody } from '../../../lib/api/body';
import { shareInFlight } from './share-in-flight';

/**
 * Fetches a file's text for its preview. Not through the API client: the body is the file
 * itself (a JSON file is content, not an envelope). A refusal becomes an ApiError with the
 * server's code, so it is worded like every other failure. Never retried on its own: a read
 * that reached the server was counted.
 */
async function fetchText(url: string): Promise<string> {
  const failure = { context: 'file' as const, transport: 'fetch' as const, method: 'GET', url };
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'same-origin' });
  } catch {
    throw new ApiError({ kind: 'network', ...failure });
  }
  const text = await response.text();
  if (!response.ok) {
    const body = parseBody(text, response.headers.get('content-type'));
    throw new ApiError({
      kind: 'http',
      status: response.status,
      ...errorFieldsOf(body),
      ...failure,
    });
  }
  return text;
}

/** The preview text at `url`, one request for every caller while it is in flight. */
export function fetchPreviewTextOnce(url: string): Promise<string> {
  return shareInFlight(`text:${url}`, () => fetchText(url));
}
