import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, createI18n, initialLanguage } from './index';

const LANGUAGE_KEY = 'pasteport.language';

function stubBrowserLanguages(languages: string[], language = languages[0] ?? '') {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

afterEach(() => vi.restoreAllMocks());

describe('initialLanguage', () => {
  it('uses the browser language when nothing is stored', () => {
    stubBrowserLanguages(['zh-TW', 'en']);
    expect(initialLanguage()).toBe('zh-CN');
    stubBrowserLanguages(['fr']);
    expect(initialLanguage()).toBe('en');
  });

  it('falls back to zh-CN when the browser reports no language', () => {
    stubBrowserLanguages([], '');
    expect(initialLanguage()).toBe('zh-CN');
  });

  it('prefers the language stored on this device', () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    stubBrowserLanguages(['zh-CN']);
    expect(initialLanguage()).toBe('en');
  });
});

describe('createI18n / changeLanguage', () => {
  it('translates immediately and sets <html lang>', () => {
    const i18n = createI18n('zh-CN');
    expect(i18n.t('nav.home')).toBe('首页');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('persists a change, sets <html lang> and switches messages', async () => {
    const i18n = createI18n('zh-CN');
    await changeLanguage(i18n, 'en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(initialLanguage()).toBe('en');
  });
});

describe('typed keys', () => {
  it('rejects keys missing from the source locale at compile time', () => {
    const i18n = createI18n('en');
    // @ts-expect-error 'bad.key' is not in en.json; typecheck fails if keys stop being typed.
    expect(i18n.t('bad.key')).toBe('bad.key');
  });
});
