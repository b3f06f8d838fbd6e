import { describe, expect, it } from 'vitest';
import { browserLanguages, detectLanguage, languageFromTag } from './detect';

describe('detectLanguage (SPEC §1)', () => {
  it.each([
    [['zh-CN'], 'zh-CN'],
    [['zh-TW'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['ZH-hk', 'en'], 'zh-CN'],
    [['fr-FR'], 'en'],
    [['fr'], 'en'],
    [['en-GB', 'zh-CN'], 'en'],
    [['de'], 'en'],
  ] as const)('browser %j gives %s', (languages, expected) => {
    expect(detectLanguage({ stored: undefined, browserLanguages: languages })).toBe(expected);
  });

  it('falls back to zh-CN when the browser names no language', () => {
    expect(detectLanguage({ stored: undefined, browserLanguages: [] })).toBe('zh-CN');
    expect(detectLanguage({ stored: undefined, browserLanguages: ['', '  '] })).toBe('zh-CN');
  });

  it('lets a stored language win over the browser', () => {
    expect(detectLanguage({ stored: 'en', browserLanguages: ['zh-CN'] })).toBe('en');
    expect(detectLanguage({ stored: 'zh-CN', browserLanguages: ['fr'] })).toBe('zh-CN');
  });

  it('ignores a stored value that is not one of our languages', () => {
    expect(detectLanguage({ stored: 'klingon', browserLanguages: ['fr'] })).toBe('en');
    expect(detectLanguage({ stored: 'zh', browserLanguages: [] })).toBe('zh-CN');
  });
});

describe('languageFromTag', () => {
  it('maps empty tags to nothing so the next candidate is tried', () => {
    expect(languageFromTag('')).toBeUndefined();
    expect(languageFromTag('zh-Hant-TW')).toBe('zh-CN');
  });
});

describe('browserLanguages', () => {
  it('prefers navigator.languages and falls back to navigator.language', () => {
    expect(browserLanguages({ languages: ['fr', 'zh'], language: 'de' })).toEqual(['fr', 'zh']);
    expect(browserLanguages({ languages: [], language: 'zh-TW' })).toEqual(['zh-TW']);
    expect(browserLanguages({ languages: [], language: '' })).toEqual(['']);
  });
});
