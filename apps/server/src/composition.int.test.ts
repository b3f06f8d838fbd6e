import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composeForTest } from '../test/app-harness.js';
import { openTestDatabase, type TestDatabase } from '../test/databases.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createStorageRegistry } from './storage/registry.js';

// The factories are counted, not replaced: each still builds the real thing.
vi.mock(import('./modules/settings/settings.service.js'), async (original) => {
  const actual = await original();
  return { ...actual, createSettingsService: vi.fn(actual.createSettingsService) };
});
vi.mock(import('./modules/auth/login-throttle.js'), async (original) => {
  const actual = await original();
  return { ...actual, createLoginThrottle: vi.fn(actual.createLoginThrottle) };
});
vi.mock(import('./storage/registry.js'), async (original) => {
  const actual = await original();
  return { ...actual, createStorageRegistry: vi.fn(actual.createStorageRegistry) };
});

describe('the composition root', () => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await openTestDatabase('sqlite');
    vi.clearAllMocks();
  });
  afterEach(() => testDb.cleanup());

  it('builds the settings service, each login throttle and the storage registry once', () => {
    const root = composeForTest(testDb.handle, os.tmpdir());
    expect(createSettingsService).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createLoginThrottle).mock.calls.map(([deps]) => deps.purpose)).toEqual([
      'share-password',
      'admin-login',
    ]);
    expect(createStorageRegistry).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createStorageRegistry).mock.results[0]?.value).toBe(root.storage);
  });
});
