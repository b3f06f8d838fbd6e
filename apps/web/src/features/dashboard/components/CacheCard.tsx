import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { CacheStats } from '@pasteport/contract';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import type { useCacheStats } from '../api';
import { ClearCacheDialog } from './ClearCacheDialog';

/** The server's in-memory caches: size, hits and misses, and a way to clear them. */
export function CacheCard({ query }: { query: ReturnType<typeof useCacheStats> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  let body;
  if (query.isPending) {
    body = <Skeleton height={88} radius="sm" role="status" aria-label={t('common.loading')} />;
  } else if (query.isError) {
    body = (
      <LoadFailedAlert
        title={t('dashboard.cache.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('dashboard.cache.empty')}
      </Text>
    );
  } else {
    body = <CacheTable caches={query.data} />;
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-cache-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} flex={1} miw={240}>
            <Title order={2} size="h4" id="dashboard-cache-title">
              {t('dashboard.cache.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('dashboard.cache.description')}
            </Text>
          </Stack>
          <Button
            variant="default"
            leftSection={<IconEraser size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('dashboard.cache.clear')}
          </Button>
        </Group>
        {body}
      </Stack>
      {confirming ? <ClearCacheDialog onClose={() => setConfirming(false)} /> : null}
    </Card>
  );
}

function CacheTable({ caches }: { caches: readonly CacheStats[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const nameOf = (name: string) =>
    name === 'pastes'
      ? t('dashboard.cache.names.pastes')
      : name === 'api-keys'
        ? t('dashboard.cache.names.apiKeys')
        : name;

  return (
    <Table.ScrollContainer
      minWidth={440}
      // On a phone the table scrolls sideways: keyboard users reach it to scroll.
      scrollAreaProps={{
        viewportProps: {
          tabIndex: 0,
          className: 'mantine-focus-auto',
          'aria-label': t('dashboard.cache.tableLabel'),
        },
      }}
    >
      <Table aria-label={t('dashboard.cache.tableLabel')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.cache.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.cache.columns.entries')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.cache.columns.hits')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.cache.columns.misses')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.cache.columns.hitRate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {caches.map((cache) => {
            const lookups = cache.hits + cache.misses;
            return (
              <Table.Tr key={cache.name} data-testid="cache-row">
                <Table.Th scope="row" fw={500}>
                  {nameOf(cache.name)}
                </Table.Th>
                <Table.Td>
                  {t('dashboard.cache.entriesOfMax', {
                    entries: number.format(cache.entries),
                    max: number.format(cache.max_entries),
                  })}
                </Table.Td>
                <Table.Td>{number.format(cache.hits)}</Table.Td>
                <Table.Td>{number.format(cache.misses)}</Table.Td>
                <Table.Td>
                  {lookups === 0
                    ? t('dashboard.cache.noLookups')
                    : percent.format(cache.hits / lookups)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
