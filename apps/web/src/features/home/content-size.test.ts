import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { utf8ByteLength } from '../../lib/utf8';
import { CONTENT_LIMIT_BYTES, contentProblem } from './content-size';
import { tooLargeMessage } from './share-failure';

describe('contentProblem', () => {
  it('refuses empty or blank text', () => {
    expect(contentProblem('', 0)).toBe('empty');
    expect(contentProblem(' \n\t', 3)).toBe('empty');
  });

  it('accepts text at the limit and refuses one byte more', () => {
    const atLimit = 'a'.repeat(CONTENT_LIMIT_BYTES);
    expect(contentProblem(atLimit, utf8ByteLength(atLimit))).toBeNull();
    const over = `${atLimit}a`;
    expect(contentProblem(over, utf8ByteLength(over))).toBe('tooLarge');
  });

  it('counts multi-byte text against the limit in bytes, not characters', () => {
    // 3.6 M Chinese characters: well under 10 M characters, but 10.8 M bytes.
    const chinese = '中'.repeat(3_600_000);
    expect(chinese.length).toBeLessThan(CONTENT_LIMIT_BYTES);
    expect(contentProblem(chinese, utf8ByteLength(chinese))).toBe('tooLarge');
  });
});

describe('tooLargeMessage', () => {
  const bytes = Math.round(10.3 * 1024 * 1024);

  it('names the size and the limit in English and Chinese', () => {
    const en = createI18n('en');
    expect(tooLargeMessage(en.t, 'en', bytes)).toBe(
      'The text is 10.3 MB; the limit is 10 MB. Shorten it to share.',
    );
    const zh = createI18n('zh-CN');
    expect(tooLargeMessage(zh.t, 'zh-CN', bytes)).toBe(
      '文本大小为 10.3 MB，上限为 10 MB。请缩短后再分享。',
    );
  });

  it('shows exact bytes when the size would round to the limit', () => {
    const en = createI18n('en');
    expect(tooLargeMessage(en.t, 'en', CONTENT_LIMIT_BYTES + 1)).toBe(
      'The text is 10,485,761 bytes; the limit is 10 MB. Shorten it to share.',
    );
  });
});
