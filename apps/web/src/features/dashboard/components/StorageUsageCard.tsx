import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { StorageUsage } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { storageConfigName } from '../../../lib/storage-config-name';
import { LEVEL_COLORS, storageLevel, usedRatio } from '../storage-level';

/** Space used on each storage configuration against its quota. */
export function StorageUsageCard({ storage }: { storage: readonly StorageUsage[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="dashboard-storage-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="dashboard-storage-title">
          {t('dashboard.storage.title')}
        </Title>
        {storage.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.storage.empty')}
          </Text>
        ) : (
          storage.map((config) => <StorageUsageRow key={config.id} config={config} />)
        )}
      </Stack>
    </Card>
  );
}

function StorageUsageRow({ config }: { config: StorageUsage }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const name = storageConfigName(config, t);
  const used = formatBytes(config.used_bytes, locale);
  const ratio = usedRatio(config.used_bytes, config.quota_bytes);
  const level = storageLevel(config.used_bytes, config.quota_bytes);

  let usage;
  if (ratio === null || config.quota_bytes === null) {
    usage = (
      <Group gap="xs">
        <Text size="sm">{t('dashboard.storage.usedUnlimited', { used })}</Text>
        <Badge variant="light" color="gray" size="sm">
          {t('dashboard.storage.unlimited')}
        </Badge>
      </Group>
    );
  } else {
    const percent = new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 1,
    }).format(ratio);
    const text = t('dashboard.storage.usedOfQuota', {
      used,
      quota: formatBytes(config.quota_bytes, locale),
      percent,
    });
    const color = level === 'unlimited' ? LEVEL_COLORS.normal : LEVEL_COLORS[level];
    // Pending uploads may push use past the quota: the bar stops full, the text tells all.
    const filled = Math.min(100, Math.round(ratio * 1000) / 10);
    usage = (
      <Stack gap={4}>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section
            value={filled}
            color={color}
            withAria={false}
            role="progressbar"
            aria-label={t('dashboard.storage.barLabel', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={filled}
            aria-valuetext={text}
            data-level={level}
          />
        </Progress.Root>
        <Group gap="xs">
          <Text size="sm">{text}</Text>
          {level === 'warning' || level === 'critical' ? (
            <Badge variant="light" color={color} size="sm">
              {t(`dashboard.storage.${level}`)}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap={6} data-testid="storage-usage">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" miw={0}>
          <Text fw={500} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {config.provider_type}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {t('dashboard.storage.files', { count: config.file_count })}
        </Text>
      </Group>
      {usage}
    </Stack>
  );
}
