import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** CodeMirror's English phrase (its key) → our key under editor.search. */
const PHRASE_KEYS = {
  Find: 'find',
  Replace: 'replace',
  next: 'next',
  previous: 'previous',
  all: 'all',
  'match case': 'matchCase',
  regexp: 'regexp',
  'by word': 'byWord',
  replace: 'replaceOne',
  'replace all': 'replaceAll',
  close: 'close',
  'current match': 'currentMatch',
  'on line': 'onLine',
  'replaced $ matches': 'replacedMatches',
  'replaced match on line $': 'replacedOnLine',
  'Go to line': 'goToLine',
  go: 'go',
} as const;

/** The search panel's words in the interface language, as CodeMirror's phrases facet takes them. */
export function useSearchPhrases(): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(PHRASE_KEYS).map(([phrase, key]) => [phrase, t(`editor.search.${key}`)]),
      ),
    // react-i18next gives a new t when the language changes.
    [t],
  );
}
