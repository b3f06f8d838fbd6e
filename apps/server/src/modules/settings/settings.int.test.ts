import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/databases.js';
import type { Clock } from '../../lib/clock.js';
import { SETTINGS } from './settings.definitions.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsService } from './settings.service.js';

const clock: Clock = { now: () => new Date('2026-01-02T03:04:05.000Z') };

describe.each(DATABASE_KINDS)('settings on %s', (kind) => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await openTestDatabase(kind);
  });
  afterEach(() => testDb.cleanup());

  const service = () =>
    createSettingsService({ repo: createSettingsRepository(testDb.handle.db), clock });

  it('returns defaults until a value is saved', async () => {
    expect(await service().get(SETTINGS.maxUploadSizeMb)).toBe(100);
    expect(await service().get(SETTINGS.allowGuestPastes)).toBe(false);
    expect(await service().get(SETTINGS.webdavUploadMode)).toBe('direct');
    expect(await service().get(SETTINGS.webdavIgnoreSystemFiles)).toBe(true);
  });

  it('turns ignoring WebDAV system files off and refuses a value that is not a boolean', async () => {
    const settings = service();
    await settings.set(SETTINGS.webdavIgnoreSystemFiles, false);
    expect(await settings.get(SETTINGS.webdavIgnoreSystemFiles)).toBe(false);
    await expect(
      settings.setMany([{ def: SETTINGS.webdavIgnoreSystemFiles, value: 'no' }]),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'webdav_ignore_system_files' })],
    });
    expect(await settings.get(SETTINGS.webdavIgnoreSystemFiles)).toBe(false);
  });

  it('saves, overwrites and reads typed values', async () => {
    const settings = service();
    await settings.set(SETTINGS.maxUploadSizeMb, 250.5);
    await settings.set(SETTINGS.allowGuestUploads, true);
    await settings.set(SETTINGS.maxUploadSizeMb, 300);
    expect(await settings.get(SETTINGS.maxUploadSizeMb)).toBe(300);
    expect(await settings.get(SETTINGS.allowGuestUploads)).toBe(true);
    const repo = createSettingsRepository(testDb.handle.db);
    expect(await repo.get('max_upload_size')).toBe('300');
    const rows = await testDb.handle.db.selectFrom('settings').selectAll().execute();
    expect(rows.find((r) => r.key === 'max_upload_size')?.updated_at).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });

  it('refuses an invalid value with the field named, and saves none of a bad batch', async () => {
    const settings = service();
    await expect(settings.set(SETTINGS.maxUploadSizeMb, 0)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'max_upload_size' })],
    });
    await expect(
      settings.setMany([
        { def: SETTINGS.allowGuestPastes, value: true },
        { def: SETTINGS.webdavUploadMode, value: 'teleport' },
      ]),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await settings.get(SETTINGS.allowGuestPastes)).toBe(false);
  });

  it('falls back to the default when a stored value is corrupt', async () => {
    const repo = createSettingsRepository(testDb.handle.db);
    await repo.setMany([{ key: 'max_upload_size', value: '{not json' }], clock.now().toISOString());
    expect(await service().get(SETTINGS.maxUploadSizeMb)).toBe(100);
    await repo.setMany([{ key: 'max_upload_size', value: '-5' }], clock.now().toISOString());
    expect(await service().get(SETTINGS.maxUploadSizeMb)).toBe(100);
  });

  it('reads many keys at once', async () => {
    const repo = createSettingsRepository(testDb.handle.db);
    await repo.setMany(
      [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
      clock.now().toISOString(),
    );
    const values = await repo.getMany(['a', 'b', 'missing']);
    expect(Object.fromEntries(values)).toEqual({ a: '1', b: '2' });
    await repo.delete('a');
    expect(await repo.get('a')).toBeUndefined();
  });
});
