import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installCodeMirrorLayoutStubs } from './kits/editor-kit';
import { provideMessages } from '../lib/i18n/resources';
import enAdmin from '../locales/en.admin.json';
import enExplorer from '../locales/en.explorer.json';
import en from '../locales/en.json';
import zhCNAdmin from '../locales/zh-CN.admin.json';
import zhCNExplorer from '../locales/zh-CN.explorer.json';
import zhCN from '../locales/zh-CN.json';
import { resetColorSchemeMedia, installMatchMedia } from './match-media';

// findBy*/waitFor wait as long as it takes (a lazily loaded page under a busy machine can take
// seconds); a test that waits for something that never comes still fails, at the test limit.
configure({ asyncUtilTimeout: 600_000 });

// jsdom lacks these browser APIs that Mantine touches (see Mantine's testing guide).
installMatchMedia();
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// Assigned, not vi.stubGlobal'd: the per-test unstubAllGlobals below must not remove it.
globalThis.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};
// Any screen may mount the CodeMirror editor (Home does), which measures text ranges.
installCodeMirrorLayoutStubs();
// The app loads locales on demand; tests have both at hand so createI18n works synchronously.
provideMessages('en', { ...en, ...enAdmin, ...enExplorer });
provideMessages('zh-CN', { ...zhCN, ...zhCNAdmin, ...zhCNExplorer });

beforeEach(() => {
  window.localStorage.clear();
  resetColorSchemeMedia();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module-level store that outlives each render.
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
  // A fetch stubbed by one test (the fake server) must not answer the next one.
  vi.unstubAllGlobals();
});
