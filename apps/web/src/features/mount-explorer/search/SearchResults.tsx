import type { FsSearchResponse, FsSearchResult } from '@pasteport/contract';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { SearchResultRow } from './SearchResultRow';
import classes from './SearchOptions.module.css';

export interface SearchResultsProps {
  search: UseInfiniteQueryResult<InfiniteData<FsSearchResponse>>;
  /** The pages' results, in the server's order. */
  results: FsSearchResult[];
  /** The keyword the shown results are for. */
  query: string;
  listboxId: string;
  optionId: (index: number) => string;
  active: number;
  onHover: (index: number) => void;
  onOpen: (result: FsSearchResult) => void;
  onOpenFolder: (result: FsSearchResult) => void;
}

/** A search's results with their count, paging, and the loading, error and empty states. */
export function SearchResults(props: SearchResultsProps) {
  const { t, i18n } = useTranslation();
  const { search, results } = props;
  const first = search.data?.pages[0];
  const number = (value: number) => value.toLocaleString(i18n.language);

  if (!first) {
    if (search.isError) return <SearchError {...props} />;
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('explorerSearch.searching')}</Text>
      </Group>
    );
  }
  const { total, capped } = first;
  return (
    <Stack gap="xs">
      {search.isError ? <SearchError {...props} /> : null}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" aria-live="polite">
          {total === 0
            ? t('explorerSearch.noMatches', { query: props.query })
            : t('explorerSearch.showing', {
                count: total,
                shown: number(results.length),
                formatted: capped ? `${number(total)}+` : number(total),
              })}
        </Text>
        {search.isFetching && !search.isFetchingNextPage ? (
          <Loader size="xs" aria-label={t('explorerSearch.searching')} />
        ) : null}
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('explorerSearch.noMatchesHint')}
        </Text>
      ) : null}
      {capped ? (
        <Text size="xs" c="dimmed">
          {t('explorerSearch.capped', { formatted: number(total) })}
        </Text>
      ) : null}
      {results.length > 0 ? (
        <div
          role="listbox"
          id={props.listboxId}
          aria-label={t('explorerSearch.resultsLabel')}
          className={classes.list}
        >
          {results.map((result, index) => (
            <SearchResultRow
              key={`${result.mount_id}:${result.path}`}
              result={result}
              id={props.optionId(index)}
              active={index === props.active}
              onHover={() => props.onHover(index)}
              onOpen={() => props.onOpen(result)}
              onOpenFolder={() => props.onOpenFolder(result)}
            />
          ))}
        </div>
      ) : null}
      {search.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void search.fetchNextPage()}
          loading={search.isFetchingNextPage}
        >
          {t('explorerSearch.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

function SearchError({ search }: SearchResultsProps) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="red" variant="light" title={t('explorerSearch.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeApiError(search.error, t)}</Text>
        <Button size="compact-sm" variant="default" onClick={() => void search.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
