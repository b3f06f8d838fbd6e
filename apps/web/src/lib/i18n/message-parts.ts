import type { i18n as I18n } from 'i18next';
import type { Language } from '@pasteport/contract/plain';
import { loadedPart, type MessagePart } from './resources';

/** Per instance: the parts asked for, and which language's copy of each it holds. */
const added = new WeakMap<I18n, { parts: Set<MessagePart>; bundles: Set<string> }>();

function stateOf(instance: I18n) {
  let state = added.get(instance);
  if (!state) {
    state = { parts: new Set(['core']), bundles: new Set() };
    added.set(instance, state);
  }
  return state;
}

/** The parts the instance's pages use, so a language switch loads each of them. */
export function partsInUse(instance: I18n): MessagePart[] {
  return [...stateOf(instance).parts];
}

/**
 * Adds a loaded part of `language` to the instance, once (false: not loaded yet). Deep and
 * without overwriting, so the parts merge into the one namespace.
 */
export function addMessagePart(instance: I18n, language: Language, part: MessagePart): boolean {
  const state = stateOf(instance);
  state.parts.add(part);
  const bundle = `${language}:${part}`;
  if (state.bundles.has(bundle)) return true;
  const messages = loadedPart(language, part);
  if (!messages) return false;
  instance.addResourceBundle(language, 'translation', messages, true, false);
  state.bundles.add(bundle);
  return true;
}
