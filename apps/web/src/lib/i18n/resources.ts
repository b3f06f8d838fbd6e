import type { Language } from '@pasteport/contract';
import type en from '../../locales/en.json';

/** en.json is the source locale: its shape defines the typed translation keys. */
export type TranslationResource = typeof en;

/**
 * Each locale is a chunk of its own, so a visit downloads only the language it shows; the
 * other one loads when the user switches to it.
 */
const LOADERS = {
  en: () => import('../../locales/en.json'),
  'zh-CN': () => import('../../locales/zh-CN.json'),
} satisfies Record<Language, () => Promise<{ default: TranslationResource }>>;

const loaded = new Map<Language, TranslationResource>();

/** Makes a locale's messages available without loading them (tests import both up front). */
export function provideMessages(language: Language, messages: TranslationResource): void {
  loaded.set(language, messages);
}

/** Loads a locale's messages once; later calls answer from memory. */
export async function loadMessages(language: Language): Promise<TranslationResource> {
  const known = loaded.get(language);
  if (known) return known;
  const messages = (await LOADERS[language]()).default;
  loaded.set(language, messages);
  return messages;
}

/** The locales loaded so far, in i18next's resource shape (single default namespace). */
export function loadedResources(): Partial<Record<Language, { translation: TranslationResource }>> {
  return Object.fromEntries(
    [...loaded].map(([language, messages]) => [language, { translation: messages }]),
  );
}
