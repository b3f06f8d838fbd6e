import type { Language } from '@pasteport/contract';
import type en from '../../locales/en.json';
import type enAdmin from '../../locales/en.admin.json';

/**
 * The messages come in two parts per language: `core`, which every page needs (the shell, the
 * guest pages, errors), and `admin`, which only the signed-in pages use (the admin panel and
 * the mount explorer) and which is about half of all the text. A guest's visit downloads the
 * core part of the language it shows; the admin part loads with the first signed-in page.
 */
export type MessagePart = 'core' | 'admin';

/** The English files are the source locale: their shapes define the typed translation keys. */
export type TranslationResource = typeof en & typeof enAdmin;

type PartMessages = Partial<TranslationResource>;

/** Each language and part is a chunk of its own. */
const LOADERS = {
  core: {
    en: () => import('../../locales/en.json'),
    'zh-CN': () => import('../../locales/zh-CN.json'),
  },
  admin: {
    en: () => import('../../locales/en.admin.json'),
    'zh-CN': () => import('../../locales/zh-CN.admin.json'),
  },
} satisfies Record<MessagePart, Record<Language, () => Promise<{ default: PartMessages }>>>;

const partKey = (language: Language, part: MessagePart) => `${language}:${part}`;

const loaded = new Map<string, PartMessages>();
/** One promise per language and part, so React's `use` sees the same one on every render. */
const pending = new Map<string, Promise<PartMessages>>();

/**
 * Makes a locale's messages available without loading them (tests provide both languages up
 * front, whole): `messages` may hold both parts.
 */
export function provideMessages(
  language: Language,
  messages: PartMessages,
  parts: readonly MessagePart[] = ['core', 'admin'],
): void {
  for (const part of parts) loaded.set(partKey(language, part), messages);
}

/** A part's messages if they are loaded already, without waiting. */
export function loadedPart(language: Language, part: MessagePart): PartMessages | undefined {
  return loaded.get(partKey(language, part));
}

/** Loads one part of a locale once; later calls answer the same promise. */
export function loadMessages(
  language: Language,
  part: MessagePart = 'core',
): Promise<PartMessages> {
  const key = partKey(language, part);
  const known = pending.get(key);
  if (known) return known;
  const done = loaded.get(key);
  const promise = done
    ? Promise.resolve(done)
    : LOADERS[part][language]().then((module) => {
        loaded.set(key, module.default);
        return module.default;
      });
  // A failed load (offline, a deploy removed the chunk) may be tried again.
  promise.catch(() => pending.delete(key));
  pending.set(key, promise);
  return promise;
}

/** The locales loaded so far, in i18next's resource shape (single namespace, parts merged). */
export function loadedResources(): Partial<Record<Language, { translation: PartMessages }>> {
  const resources: Partial<Record<Language, { translation: PartMessages }>> = {};
  for (const [key, messages] of loaded) {
    const language = key.slice(0, key.lastIndexOf(':')) as Language;
    const translation = resources[language]?.translation ?? {};
    resources[language] = { translation: { ...translation, ...messages } };
  }
  return resources;
}
