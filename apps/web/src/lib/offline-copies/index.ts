/**
 * Copies of what a person read online, kept on this device to read offline (SPEC §3, §9):
 * pastes and file pages opened, explorer folders listed. Each belongs to one identity, is
 * shown only when the device is offline, and goes after 7 days, at sign-out or on "forget".
 * Nothing here imports the database library: its calls load it on first use (lazy-store.ts).
 */
export type { CopyFields, CopyStore, CopyToKeep, KeptCopy } from './copies';
export { answersGone, copyInsteadOf, shareExpiryOf } from './fallback';
export { isFreshCopy } from './freshness';
export {
  countQueuedOperations,
  dropCopy,
  forgetAllOfflineData,
  forgetOwner,
  keepCopy,
  readCopy,
  reviseCopy,
  sweepExpiredCopies,
} from './lazy-store';
export { isOfflineFailure } from './network-failure';
export { offlineOwnerOf } from './owner';
export { useOfflineOwner } from './use-offline-owner';
