import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCacheStats, useDashboardStats } from '../api';
import { CacheCard } from './CacheCard';
import { StatsOverview } from './StatsOverview';

/** The dashboard module (admin only): totals, last week's activity, storage and caches. */
export function DashboardModule() {
  const { t, i18n } = useTranslation();
  const stats = useDashboardStats();
  const caches = useCacheStats();
  // A refetch keeps the figures on screen; only the button shows that it is running.
  const refreshing =
    (stats.isFetching && !stats.isPending) || (caches.isFetching && !caches.isPending);
  const refresh = () => {
    void stats.refetch();
    void caches.refetch();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {stats.isSuccess
            ? t('dashboard.updatedAt', {
                time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(
                  stats.dataUpdatedAt,
                ),
              })
            : null}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={refreshing}
          onClick={refresh}
        >
          {t('dashboard.refresh')}
        </Button>
      </Group>
      <StatsOverview query={stats} />
      <CacheCard query={caches} />
    </Stack>
  );
}
