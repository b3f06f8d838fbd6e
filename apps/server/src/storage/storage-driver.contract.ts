import { describe } from 'vitest';
import { useDriver, type MakeDriver } from './contract/contract-helpers.js';
import { listingContract } from './contract/listing.contract.js';
import { multipartContract } from './contract/multipart.contract.js';
import { objectContract } from './contract/objects.contract.js';
import { presignContract } from './contract/presign.contract.js';
import { safetyContract } from './contract/safety.contract.js';

export type { DriverUnderTest, MakeDriver } from './contract/contract-helpers.js';

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
    describe('presigned URLs', () => presignContract(use));
    describe('multipart', () => multipartContract(use));
    describe('safety and health', () => safetyContract(use));
  });
}
