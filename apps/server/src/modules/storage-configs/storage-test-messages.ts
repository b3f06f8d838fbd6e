import {
  corsRuleFor,
  type StorageTestCheck,
  type StorageTestCheckName,
  type StorageTestReason,
} from '@pasteport/contract';

/** What a message may name: the bucket or folder, this app's origin, the step timeout. */
export interface MessageContext {
  check: StorageTestCheckName;
  origin: string;
  bucket: string | null;
  root: string | null;
  timeoutSeconds: number;
}

/** The S3 permission each step needs, named in the access-denied fix. */
const PERMISSION: Record<StorageTestCheckName, string> = {
  write: 's3:PutObject',
  read: 's3:GetObject and s3:ListBucket',
  delete: 's3:DeleteObject',
  cors: 's3:PutObject',
};

const OK_MESSAGES: Record<StorageTestCheckName, string> = {
  write: 'Saved a small test file.',
  read: 'Read the test file back intact.',
  delete: 'Deleted the test file.',
  cors: 'Browsers on this app may upload straight to the bucket and read the ETag header.',
};

/**
 * English words for a check's outcome: what happened and what to change. The web shows its
 * own translation chosen by `reason`; these are for API users and the fallback.
 */
function words(
  reason: StorageTestReason,
  c: MessageContext,
): { message: string; fix: string | null } {
  const rule = corsRuleFor(c.origin);
  switch (reason) {
    case 'ok':
      return { message: OK_MESSAGES[c.check], fix: null };
    case 'bucket_reachable':
      return {
        message:
          'The storage answered; reading a file back was not tried because the write failed.',
        fix: null,
      };
    case 'invalid_credentials':
      return {
        message: 'Storage did not accept the access key ID or the secret access key.',
        fix: "Copy the access key ID and secret access key again from your provider's console, enter them here and save.",
      };
    case 'access_denied':
      return {
        message: `Storage refused the ${c.check} with this access key.`,
        fix: `Check the access key has ${PERMISSION[c.check]} on this bucket (its policy or token permissions).`,
      };
    case 'bucket_missing':
      return {
        message: `The bucket${c.bucket ? ` “${c.bucket}”` : ''} does not exist at this endpoint.`,
        fix: 'Check the bucket name, and that the endpoint and region are those of the account that owns it.',
      };
    case 'wrong_region':
      return {
        message: 'The bucket lives in another region or behind another endpoint.',
        fix: 'Set the region the bucket was created in (and its endpoint, if the provider uses one per region).',
      };
    case 'unreachable':
      return {
        message: 'This server could not connect to the storage endpoint.',
        fix: 'Check the endpoint URL (https://, host name and port) and that this server can reach it (DNS, firewall, proxy, TLS certificate).',
      };
    case 'timeout':
      return {
        message: `Storage did not answer within ${c.timeoutSeconds} seconds.`,
        fix: 'Check the endpoint URL is right and reachable from this server, then test again.',
      };
    case 'content_mismatch':
      return {
        message: 'The file read back differs from the file written.',
        fix: 'Check that nothing between this server and the storage changes files (a proxy, compression), then test again.',
      };
    case 'local_root':
      return {
        message: `The folder${c.root ? ` “${c.root}”` : ''} does not exist or this app may not write to it.`,
        fix: 'Create the folder and let the user that runs Pasteport read and write it, or choose another folder.',
      };
    case 'write_failed':
      return {
        message: `Skipped: the write check failed, so there was no test file to ${c.check}.`,
        fix: null,
      };
    case 'cors_not_needed':
      return {
        message:
          'Files on local disk are uploaded and served through this app, so no CORS rule is needed.',
        fix: null,
      };
    case 'cors_missing':
      return {
        message: `The bucket does not let browsers on ${c.origin} upload to it (no CORS rule for this origin), so presigned and multipart uploads will fail in the browser.`,
        fix: `Add this CORS rule in the bucket's settings (CORS policy) at your provider:\n${rule}`,
      };
    case 'cors_put_not_allowed':
      return {
        message: `A CORS rule matches ${c.origin} but does not allow PUT requests with a Content-Type header.`,
        fix: `Allow the PUT method and the header "*" (or at least Content-Type) in the rule, for example:\n${rule}`,
      };
    case 'cors_etag_hidden':
      return {
        message:
          'Browsers may upload, but the bucket hides the ETag header, which multipart uploads need to finish.',
        fix: `Add "ETag" to ExposeHeaders in the bucket's CORS rule, for example:\n${rule}`,
      };
    case 'other':
      return {
        message: 'The storage answered with an unexpected error.',
        fix: 'Check the settings above and the provider’s status page, then test again.',
      };
  }
}

/** A passed check. */
export function passed(
  context: MessageContext,
  reason: 'ok' | 'bucket_reachable' = 'ok',
): StorageTestCheck {
  return { status: 'ok', reason, ...words(reason, context), detail: null };
}

/** A failed check, with what to change. */
export function failed(
  context: MessageContext,
  reason: StorageTestReason,
  detail: string | null,
): StorageTestCheck {
  return { status: 'failed', reason, ...words(reason, context), detail };
}

/** A check that did not run, and why. */
export function skipped(
  context: MessageContext,
  reason: 'write_failed' | 'cors_not_needed',
): StorageTestCheck {
  return { status: 'skipped', reason, ...words(reason, context), detail: null };
}
