import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, FALLBACK_LANGUAGE } from './detect';
import { addMessagePart } from './message-parts';
import { loadMessages, type MessagePart } from './resources';

/**
 * Makes a part of the messages available to the component calling it and everything below:
 * at once when it is loaded already, otherwise it suspends (the nearest Suspense shows) until
 * the part of the current language has arrived.
 */
export function useMessagePart(part: MessagePart): void {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  if (addMessagePart(i18n, language, part)) return;
  use(loadMessages(language, part));
  addMessagePart(i18n, language, part);
}

/**
 * Starts loading a part in the language the page shows (<html lang>), so a page's chunk and
 * its messages download together rather than one after the other. Failures are left to
 * useMessagePart, which asks again.
 */
export function preloadMessagePart(part: MessagePart): Promise<unknown> {
  const language = document.documentElement.lang;
  return isLanguage(language)
    ? loadMessages(language, part).catch(() => undefined)
    : Promise.resolve();
}
