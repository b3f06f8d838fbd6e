import type { FsSearchResult, SearchScope } from '@pasteport/contract';
import { Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_MIN_KEYWORD } from '@pasteport/contract/plain';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecentSearches } from './RecentSearches';
import {
  effectiveScope,
  hitFolderHref,
  hitHref,
  isSearchable,
  moveActive,
  scopeBlock,
  searchRequest,
  type SearchPlace,
} from './search-model';
import { SearchResults } from './SearchResults';
import { useDebouncedValue } from './use-debounced-value';
import { useFsSearch } from './use-fs-search';
import { useSearchHistory } from './use-search-history';

const SCOPES: readonly SearchScope[] = ['global', 'mount', 'directory'];

export interface SearchDialogProps {
  place: SearchPlace;
  onClose: () => void;
}

/**
 * The search dialog: a keyword (results as you type, after a pause), where to search, and the
 * results or, with nothing typed, the recent searches. The input stays focused; arrows move
 * the active option (aria-activedescendant), Enter opens it.
 */
export function SearchDialog({ place, onClose }: SearchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const baseId = useId();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [text, setText] = useState('');
  const [settled, settleNow] = useDebouncedValue(text);
  const [chosenScope, setChosenScope] = useState<SearchScope>('global');
  const scope = effectiveScope(chosenScope, place);
  const request = searchRequest(settled, scope, place);
  const search = useFsSearch(request);
  const history = useSearchHistory();
  const results = useMemo(
    () => search.data?.pages.flatMap((page) => page.results) ?? [],
    [search.data],
  );

  const mode = text.trim() === '' ? 'history' : isSearchable(text) ? 'results' : 'hint';
  const count =
    mode === 'history' ? history.recent.length : mode === 'results' ? results.length : 0;
  // The active option belongs to one list: another keyword, scope or mode starts with none.
  const listKey = mode === 'results' ? JSON.stringify(request) : mode;
  const [picked, setPicked] = useState({ key: '', index: -1 });
  const active = picked.key === listKey && picked.index < count ? picked.index : -1;
  const setActive = (index: number) => setPicked({ key: listKey, index });
  const listboxId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const activeId = active >= 0 ? optionId(active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const blocked = SCOPES.map((each) => scopeBlock(each, place)).find((block) => block !== null);

  function open(href: string) {
    if (request) history.remember(request.q);
    onClose();
    void navigate(href);
  }
  const openResult = (result: FsSearchResult) => open(hitHref(result));
  const openFolder = (result: FsSearchResult) => open(hitFolderHref(result));

  function runRecent(query: string) {
    setText(query);
    settleNow(query);
    history.remember(query);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter that ends an IME composition (Chinese input) picks a word, not a result.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key === 'ArrowDown' ? 1 : -1, count));
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const recent = mode === 'history' ? history.recent[active] : undefined;
    const result = mode === 'results' ? results[active] : undefined;
    if (recent !== undefined) runRecent(recent);
    else if (result) (event.shiftKey ? openFolder : openResult)(result);
    else if (isSearchable(text)) {
      settleNow(text);
      history.remember(text.trim());
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('explorerSearch.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('explorerSearch.inputLabel')}
          placeholder={t('explorerSearch.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={count > 0}
          aria-controls={count > 0 ? listboxId : undefined}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
        />
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t('explorerSearch.scope.label')}
            aria-describedby={blocked ? `${baseId}-blocked` : undefined}
            value={scope}
            onChange={setChosenScope}
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth
            data={SCOPES.map((each) => ({
              value: each,
              label: t(`explorerSearch.scope.${each}`),
              disabled: scopeBlock(each, place) !== null,
            }))}
          />
          {blocked ? (
            <Text id={`${baseId}-blocked`} size="xs" c="dimmed">
              {t(`explorerSearch.scopeBlocked.${blocked}`)}
            </Text>
          ) : null}
        </Stack>
        {mode === 'history' ? (
          <RecentSearches
            recent={history.recent}
            listboxId={listboxId}
            optionId={optionId}
            active={active}
            onRun={runRecent}
            onHover={setActive}
            onClear={history.clear}
          />
        ) : mode === 'hint' ? (
          <Text size="sm" c="dimmed">
            {t('explorerSearch.hint', { count: SEARCH_MIN_KEYWORD })}
          </Text>
        ) : (
          <SearchResults
            search={search}
            results={results}
            query={request?.q ?? text.trim()}
            listboxId={listboxId}
            optionId={optionId}
            active={active}
            onHover={setActive}
            onOpen={openResult}
            onOpenFolder={openFolder}
          />
        )}
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('explorerSearch.keysHint')}
        </Text>
      </Stack>
    </Modal>
  );
}
