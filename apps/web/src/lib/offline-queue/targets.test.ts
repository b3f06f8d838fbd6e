import { ROUTES } from '@pasteport/contract/plain';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, replayTypeOf } from './targets';

describe('offline replay targets (SPEC §7)', () => {
  it('queues exactly the SPEC’s operations', () => {
    const queued = Object.entries(ROUTES)
      .filter(([, route]) => replayTypeOf(route) !== undefined)
      .map(([name]) => name)
      .sort();
    expect(queued).toEqual(
      [
        'batchDeleteAdminPastes',
        'batchDeleteUserPastes',
        'clearAdminCache',
        'clearExpiredPastes',
        'createPaste',
        'deleteAdminPaste',
        'deleteUserPaste',
        'updateAdminPaste',
        'updateSystemSettings',
        'updateUserPaste',
        'verifyFile',
      ].sort(),
    );
  });

  it('gives each operation its own key', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
