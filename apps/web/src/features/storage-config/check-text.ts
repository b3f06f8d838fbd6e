import type {
  StorageTestCheck,
  StorageTestCheckName,
  StorageTestReason,
} from '@pasteport/contract';

/** Keys under storageConfig.test.messages. */
export type CheckMessageKey =
  | `ok_${StorageTestCheckName}`
  | `access_denied_${StorageTestCheckName}`
  | 'write_failed_read'
  | 'write_failed_delete'
  | Exclude<StorageTestReason, 'ok' | 'access_denied' | 'write_failed'>;

/** Keys under storageConfig.test.fixes. */
export type CheckFixKey =
  | `access_denied_${StorageTestCheckName}`
  | Exclude<
      StorageTestReason,
      'ok' | 'access_denied' | 'write_failed' | 'bucket_reachable' | 'cors_not_needed'
    >;

/**
 * The translation keys for one check's outcome, chosen by its reason (never by the server's
 * English words); some reasons read differently per check (which permission is missing).
 */
export function checkTextKeys(
  name: StorageTestCheckName,
  check: Pick<StorageTestCheck, 'reason' | 'status'>,
): { message: CheckMessageKey; fix: CheckFixKey | null } {
  const { reason } = check;
  switch (reason) {
    case 'ok':
      return { message: `ok_${name}`, fix: null };
    case 'access_denied':
      return { message: `access_denied_${name}`, fix: `access_denied_${name}` };
    case 'write_failed':
      return {
        message: name === 'delete' ? 'write_failed_delete' : 'write_failed_read',
        fix: null,
      };
    case 'bucket_reachable':
    case 'cors_not_needed':
      return { message: reason, fix: null };
    default:
      return { message: reason, fix: reason };
  }
}
