/**
 * The half of the offline copies that talks to IndexedDB (Dexie). index.ts loads it on first
 * use, so a page's first paint never waits for the database library.
 */
export { dropCopy, keepCopy, readCopy, reviseCopy } from './copies';
export {
  countQueuedOperations,
  forgetAllOfflineData,
  forgetOwner,
  sweepExpiredCopies,
} from './upkeep';
