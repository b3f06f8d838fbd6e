import 'i18next';
import type { TranslationResource } from './resources';

// Typed keys: t('bad.key') fails to compile because resources come from the source locale.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResource };
  }
}
