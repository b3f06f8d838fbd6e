import { AppError } from '../lib/app-error.js';

/** Why a URL was refused before (or instead of) fetching it; sent as `details[0].rule`. */
export type RefusalRule =
  'format' | 'scheme' | 'credentials' | 'private_address' | 'too_many_redirects' | 'unresolvable';

/**
 * A URL the caller gave (or a redirect led to) that must not be fetched. It is the user's input
 * that is at fault, so it is a 400 naming the `url` field — never a hint about what is inside
 * the private network.
 */
export function refused(rule: RefusalRule, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'url', rule, message }],
  });
}

/** The remote server could not be reached or answered with something unusable. */
export function upstreamFailed(message: string, cause?: unknown): AppError {
  return new AppError('UPSTREAM_FAILED', message, { cause });
}

/** The whole fetch (DNS, connect, headers, body) took longer than allowed. */
export function upstreamTimeout(timeoutMs: number): AppError {
  return new AppError(
    'UPSTREAM_TIMEOUT',
    `the remote server did not answer completely within ${timeoutMs} ms`,
  );
}

/** The remote body is (or announces itself as) larger than the caller accepts. */
export function payloadTooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `the remote file is larger than ${maxBytes} bytes`);
}

export const PRIVATE_ADDRESS_MESSAGE =
  'this URL points to a private or local network address, which is not allowed';
