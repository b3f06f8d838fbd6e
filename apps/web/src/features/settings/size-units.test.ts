import { DEFAULT_SETTINGS } from '../../test/sessions';
import { describe, expect, it } from 'vitest';
import { fromMegabytes, sizeToMegabytes } from './size-units';
import { sizeProblem, toSettingsUpdate, valuesFromSettings } from './system-settings-form';

describe('size units (KB / MB / GB → MB)', () => {
  it.each([
    [{ value: 512, unit: 'KB' }, 0.5],
    [{ value: 1, unit: 'KB' }, 1 / 1024],
    [{ value: 100, unit: 'MB' }, 100],
    [{ value: 2, unit: 'GB' }, 2048],
    [{ value: 1.5, unit: 'GB' }, 1536],
  ] as const)('%j is %f MB', (size, megabytes) => {
    expect(sizeToMegabytes(size)).toBeCloseTo(megabytes, 10);
  });

  it.each([
    [100, { value: 100, unit: 'MB' }],
    [2048, { value: 2, unit: 'GB' }],
    [1536, { value: 1536, unit: 'MB' }],
    [0.5, { value: 512, unit: 'KB' }],
    [1024, { value: 1, unit: 'GB' }],
  ] as const)('%f MB is shown as %j', (megabytes, size) => {
    expect(fromMegabytes(megabytes)).toEqual(size);
  });

  it('round-trips what it shows', () => {
    for (const megabytes of [0.25, 1, 100, 3072, 5000]) {
      expect(sizeToMegabytes(fromMegabytes(megabytes))).toBeCloseTo(megabytes, 10);
    }
  });
});

describe('system settings form values', () => {
  const values = valuesFromSettings({ ...DEFAULT_SETTINGS, max_upload_size: 2048 });

  it('starts from the server settings in the best unit', () => {
    expect(values).toEqual({
      size: 2,
      unit: 'GB',
      webdavUploadMode: 'direct',
      webdavIgnoreSystemFiles: true,
      allowGuestPastes: true,
      allowGuestUploads: false,
    });
  });

  it.each([0, -1, '', 'abc'])('refuses a size of %j (must be greater than 0)', (size) => {
    expect(sizeProblem({ ...values, size })).toBe('notPositive');
  });

  it('refuses a size above the server limit', () => {
    expect(sizeProblem({ ...values, size: 2, unit: 'GB' })).toBeUndefined();
    expect(sizeProblem({ ...values, size: 1025, unit: 'GB' })).toBe('tooLarge');
  });

  it('sends the size in MB', () => {
    expect(toSettingsUpdate({ ...values, size: '256', unit: 'KB' })).toEqual({
      max_upload_size: 0.25,
      webdav_upload_mode: 'direct',
      webdav_ignore_system_files: true,
      allow_guest_pastes: true,
      allow_guest_uploads: false,
    });
  });
});
