import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import type { useDashboardStats } from '../api';
import { ActivityChart } from './ActivityChart';
import { StatCards } from './StatCards';
import { StorageUsageCard } from './StorageUsageCard';

/** The dashboard figures: skeletons while loading, the failure with a retry, or the cards. */
export function StatsOverview({ query }: { query: ReturnType<typeof useDashboardStats> }) {
  const { t } = useTranslation();

  if (query.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label={t('common.loading')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={92} radius="md" />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={300} radius="md" />
          <Skeleton height={300} radius="md" />
        </SimpleGrid>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadFailedAlert
        title={t('dashboard.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const stats = query.data;
  return (
    <Stack gap="lg">
      <StatCards counts={stats.counts} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ActivityChart daily={stats.daily} />
        <StorageUsageCard storage={stats.storage} />
      </SimpleGrid>
    </Stack>
  );
}
