import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { DashboardStats } from '@pasteport/contract';
import { IconDatabase, IconFileText, IconFiles, IconKey, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const CARDS = [
  { name: 'pastes', label: 'dashboard.counts.pastes', icon: IconFileText },
  { name: 'files', label: 'dashboard.counts.files', icon: IconFiles },
  { name: 'api_keys', label: 'dashboard.counts.apiKeys', icon: IconKey },
  { name: 'storage_configs', label: 'dashboard.counts.storageConfigs', icon: IconDatabase },
] as const satisfies readonly { name: keyof DashboardStats['counts']; label: string; icon: Icon }[];

/** One card per total; four across on wide screens, stacked on phones. */
export function StatCards({ counts }: { counts: DashboardStats['counts'] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {CARDS.map(({ name, label, icon: CardIcon }) => {
        const labelId = `dashboard-count-${name}`;
        return (
          <Card key={name} withBorder padding="md" component="section" aria-labelledby={labelId}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text id={labelId} size="sm" c="dimmed">
                {t(label)}
              </Text>
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <CardIcon size={20} />
              </ThemeIcon>
            </Group>
            <Text fz={28} fw={700} lh={1.2} data-testid={`dashboard-count-${name}`}>
              {number.format(counts[name])}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
