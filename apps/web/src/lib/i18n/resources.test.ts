import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, without the locales test setup provides up front. */
async function freshResources() {
  vi.resetModules();
  return import('./resources');
}

describe('locale loading', () => {
  it('starts with no locale and loads only the one asked for', async () => {
    const { loadedResources, loadMessages } = await freshResources();
    expect(loadedResources()).toEqual({});
    const messages = await loadMessages('zh-CN');
    expect(messages.nav?.home).toBe('首页');
    expect(messages.storageConfig).toBeUndefined();
    expect(Object.keys(loadedResources())).toEqual(['zh-CN']);
  });

  it('loads a locale once and answers later calls from memory', async () => {
    const { loadedResources, loadMessages } = await freshResources();
    const first = await loadMessages('en');
    expect(await loadMessages('en')).toBe(first);
    expect(loadedResources()).toEqual({ en: { translation: first } });
  });
});

describe('message parts', () => {
  it("loads the signed-in pages' part apart from the core, merged into one namespace", async () => {
    const { loadMessages, loadedResources } = await freshResources();
    const core = await loadMessages('en');
    expect(core.nav?.home).toBe('Home');
    expect(core.mountExplorer).toBeUndefined();
    const admin = await loadMessages('en', 'admin');
    expect(admin.settings).toBeDefined();
    expect(admin.nav).toBeUndefined();
    expect(admin.mountExplorer).toBeUndefined();
    const explorer = await loadMessages('en', 'explorer');
    expect(explorer.mountExplorer).toBeDefined();
    expect(loadMessages('en', 'admin')).toBe(loadMessages('en', 'admin'));
    const merged = loadedResources().en?.translation;
    expect(merged?.nav?.home).toBe('Home');
    expect(merged?.settings).toEqual(admin.settings);
    expect(merged?.mountExplorer).toEqual(explorer.mountExplorer);
  });

  it('switches language with every part the page uses', async () => {
    const { loadMessages } = await freshResources();
    const { changeLanguage, createI18n } = await import('./index');
    const { addMessagePart } = await import('./message-parts');
    await loadMessages('en');
    await loadMessages('en', 'admin');
    const i18n = createI18n('en');
    expect(addMessagePart(i18n, 'en', 'admin')).toBe(true);
    expect(i18n.t('settings.system.title')).toBe('System settings');
    await changeLanguage(i18n, 'zh-CN');
    expect(i18n.t('nav.home')).toBe('首页');
    expect(i18n.t('settings.system.title')).toBe('系统参数');
  });
});

describe('changeLanguage', () => {
  it('loads the other locale on a switch', async () => {
    const { loadMessages, loadedResources } = await freshResources();
    const { changeLanguage, createI18n } = await import('./index');
    await loadMessages('en');
    const i18n = createI18n('en');
    expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(false);
    await changeLanguage(i18n, 'zh-CN');
    expect(Object.keys(loadedResources()).sort()).toEqual(['en', 'zh-CN']);
    expect(i18n.t('nav.home')).toBe('首页');
  });
});
