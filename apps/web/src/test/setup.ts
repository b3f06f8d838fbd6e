import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetColorSchemeMedia, installMatchMedia } from './match-media';

// jsdom lacks these browser APIs that Mantine touches (see Mantine's testing guide).
installMatchMedia();
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
vi.stubGlobal('ResizeObserver', ResizeObserverStub);
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  window.localStorage.clear();
  resetColorSchemeMedia();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
