import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage } from './detect';
import { addMessagePart } from './message-parts';
import { loadMessages, type MessagePart } from './resources';

/**
 * Makes parts of the messages available to the component calling it and everything below: at
 * once when they are loaded already, otherwise it suspends (the nearest Suspense shows) until
 * the parts of the current language have arrived.
 */
export function useMessageParts(parts: readonly MessagePart[]): void {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  for (const part of parts) {
    // One promise per language and part (resources.ts), the same on every render, as `use`
    // requires; once it has settled the part is loaded, and the next render adds it.
    if (!addMessagePart(i18n, language, part)) use(loadMessages(language, part));
  }
}

/**
 * Starts loading parts in the language the page shows (<html lang>), so a page's chunk and
 * its messages download together rather than one after the other. Failures are left to
 * useMessageParts, which asks again.
 */
export function preloadMessageParts(parts: readonly MessagePart[]): Promise<unknown> {
  const language = document.documentElement.lang;
  if (!isLanguage(language)) return Promise.resolve();
  return Promise.all(parts.map((part) => loadMessages(language, part).catch(() => undefined)));
}
