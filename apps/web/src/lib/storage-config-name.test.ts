import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { storageConfigName } from './storage-config-name';

describe('storageConfigName', () => {
  it('names the built-in local disk in the reader’s language', () => {
    const builtIn = { name: 'Local disk', provider_type: 'local' };
    expect(storageConfigName(builtIn, createI18n('zh-CN').t)).toBe('本地磁盘');
    expect(storageConfigName(builtIn, createI18n('en').t)).toBe('Local disk');
    // File details carry only the name.
    expect(storageConfigName({ name: 'Local disk' }, createI18n('zh-CN').t)).toBe('本地磁盘');
  });

  it('shows names an administrator gave as written', () => {
    const t = createI18n('zh-CN').t;
    expect(storageConfigName({ name: 'Team archive', provider_type: 'local' }, t)).toBe(
      'Team archive',
    );
    expect(storageConfigName({ name: 'Local disk', provider_type: 'aws_s3' }, t)).toBe(
      'Local disk',
    );
  });
});
