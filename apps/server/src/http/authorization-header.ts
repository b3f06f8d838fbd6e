import { API_KEY_PATTERN } from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';

/** Credentials as presented: an admin session token or an API key. */
export type PresentedCredentials =
  { scheme: 'bearer'; token: string } | { scheme: 'apikey'; key: string };

// Tokens and keys are URL-safe base64 or custom keys: letters, digits, '_' and '-' only
// (the contract's API_KEY_PATTERN, which uploader configs and WebDAV read too).

/**
 * Parses `Authorization: Bearer <token>` or `ApiKey <key>` (scheme case-insensitive). No header
 * means anonymous; anything malformed is a 401, never a 500.
 */
export function parseAuthorization(header: string | undefined): PresentedCredentials | null {
  if (header === undefined || header === '') return null;
  const match = /^([A-Za-z]+) +(\S+)$/.exec(header.trim());
  const credential = match?.[2];
  if (!match || credential === undefined || !API_KEY_PATTERN.test(credential)) {
    throw new AppError(
      'UNAUTHORIZED',
      'malformed Authorization header; use "Bearer <token>" or "ApiKey <key>"',
    );
  }
  const scheme = match[1]?.toLowerCase();
  if (scheme === 'bearer') return { scheme: 'bearer', token: credential };
  if (scheme === 'apikey') return { scheme: 'apikey', key: credential };
  throw new AppError(
    'UNAUTHORIZED',
    `unsupported Authorization scheme ${match[1] ?? ''}; use Bearer or ApiKey`,
  );
}
