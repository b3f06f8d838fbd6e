import { LANGUAGES, type Language } from '@pasteport/contract/plain';

/** The language used when neither storage nor the browser says anything usable (SPEC §1). */
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/** Type guard for a value read from storage or a URL. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps one browser language tag to ours: any zh variant → zh-CN, anything else → en. */
export function languageFromTag(tag: string): Language | undefined {
  const normalised = tag.trim().toLowerCase();
  if (normalised.length === 0) return undefined;
  return normalised.startsWith('zh') ? 'zh-CN' : 'en';
}

/** What the detector needs to know; passed in so the rules are testable without a browser. */
export interface LanguageSources {
  stored: string | undefined;
  browserLanguages: readonly string[];
}

/** SPEC §1: a stored choice wins, else the browser's preferred language, else zh-CN. */
export function detectLanguage({ stored, browserLanguages }: LanguageSources): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** The browser's preferred languages, most preferred first (navigator.languages, then .language). */
export function browserLanguages(
  nav: Pick<Navigator, 'languages' | 'language'> = navigator,
): string[] {
  // Some embedded browsers leave navigator.languages undefined despite the DOM typings.
  const list: string[] = nav.languages ? Array.from(nav.languages) : [];
  if (list.length === 0 && typeof nav.language === 'string') list.push(nav.language);
  return list;
}

/** The current language of an i18next instance, narrowed to ours. */
export function currentLanguage(instance: { language: string }): Language {
  return isLanguage(instance.language) ? instance.language : FALLBACK_LANGUAGE;
}
