import type { Language } from '@pasteport/contract';
import type en from '../../locales/en.json';
import type enAdmin from '../../locales/en.admin.json';
import type enExplorer from '../../locales/en.explorer.json';

/**
 * The messages come in three parts per language: `core`, which every page needs (the shell,
 * the guest pages, errors), `admin`, the admin panel's (with the WebDAV steps the explorer
 * shows too), and `explorer`, the mount explorer's. The two signed-in parts are over half of
 * all the text: a guest's visit downloads only the core of the language it shows, and each
 * signed-in page brings its parts (app/router.tsx).
 */
export type MessagePart = 'core' | 'admin' | 'explorer';

/** The English files are the source locale: their shapes define the typed translation keys. */
export type TranslationResource = typeof en & typeof enAdmin & typeof enExplorer;

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
  explorer: {
    en: () => import('../../locales/en.explorer.json'),
    'zh-CN': () => import('../../locales/zh-CN.explorer.json'),
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
  parts: readonly MessagePart[] = ['core', 'admin', 'explorer'],
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
