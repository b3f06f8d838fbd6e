import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@pasteport/contract/plain';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { browserLanguages, detectLanguage } from './detect';
import { addMessagePart, partsInUse } from './message-parts';
import { loadedResources, loadMessages } from './resources';

export {
  currentLanguage,
  detectLanguage,
  isLanguage,
  languageFromTag,
  FALLBACK_LANGUAGE,
} from './detect';
export { loadMessages, type MessagePart } from './resources';
export { preloadMessageParts, useMessageParts } from './use-message-part';

/** The language to start with on this device (stored choice, browser, fallback). */
export function initialLanguage(): Language {
  return detectLanguage({
    stored: readStored(STORAGE_KEYS.language),
    browserLanguages: browserLanguages(),
  });
}

/** Keeps <html lang> in step so screen readers and fonts pick the right language. */
function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/**
 * Creates an initialised i18next instance with the locales loaded so far (main.tsx awaits
 * loadMessages for the starting language first). Each call returns a fresh instance, so tests
 * never share language state; the app makes exactly one in main.tsx.
 */
export function createI18n(language: Language = initialLanguage()): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', syncDocumentLanguage);
  // With inline resources init is synchronous (initAsync: false), so t() works immediately.
  void instance.use(initReactI18next).init({
    resources: loadedResources(),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  syncDocumentLanguage(language);
  return instance;
}

/**
 * Switches the interface language and remembers the choice on this device. Every part the
 * page uses is loaded in the new language first, so nothing shows a bare key meanwhile.
 */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  const parts = partsInUse(instance);
  await Promise.all(parts.map((part) => loadMessages(language, part)));
  for (const part of parts) addMessagePart(instance, language, part);
  writeStored(STORAGE_KEYS.language, language);
  await instance.changeLanguage(language);
}
