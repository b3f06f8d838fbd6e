import type { Language } from '@pasteport/contract';
import en from '../../locales/en.json';
import zhCN from '../../locales/zh-CN.json';

/** en.json is the source locale: its shape defines the typed translation keys. */
export type TranslationResource = typeof en;

/** Every locale's messages, keyed by language, in i18next's single default namespace. */
export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
} satisfies Record<Language, { translation: TranslationResource }>;
