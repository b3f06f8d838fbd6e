import { describe } from 'vitest';
import { useDriver, type MakeDriver } from './helpers.js';
import { folderContract } from './folders.js';
import { listingContract } from './listing.js';
import { multipartContract } from './multipart.js';
import { objectContract } from './objects.js';
import { presignContract } from './presign.js';
import { safetyContract } from './safety.js';

export type { DriverUnderTest, MakeDriver } from './helpers.js';

/**
 * The behaviour every StorageDriver must share, run against each real backend. `makeDriver`
 * returns a fresh, isolated driver per test (own directory, own bucket prefix) whose
 * presigned URLs are reachable over HTTP.
 */
export function describeStorageDriverContract(name: string, makeDriver: MakeDriver): void {
  describe(`StorageDriver contract: ${name}`, () => {
    const use = useDriver(makeDriver);
    describe('objects', () => objectContract(use));
    describe('listing', () => listingContract(use));
    describe('folders', () => folderContract(use));
    describe('presigned URLs', () => presignContract(use));
    describe('multipart', () => multipartContract(use));
    describe('safety and health', () => safetyContract(use));
  });
}
