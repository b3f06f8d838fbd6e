import { Badge, Button, Card, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import type { StorageConfig } from '@pasteport/contract';
import { IconPencil, IconPlugConnected, IconStar, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { TOUCH_TARGET_PX } from '../../../components/sizes';
import { formatBytes } from '../../../lib/format';
import { storageConfigName } from '../../../lib/storage-config-name';

/** Props of StorageConfigCard: the config and what its actions do. */
export interface StorageConfigCardProps {
  config: StorageConfig;
  onTest: () => void;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** Usage turns orange near the quota and red at it. */
function usageColor(percent: number): string {
  if (percent >= 95) return 'red';
  if (percent >= 80) return 'orange';
  return 'blue';
}

/** Where the files live, in one line: bucket at endpoint, or the folder on disk. */
function Location({ config }: { config: StorageConfig }) {
  const { t } = useTranslation();
  const rows: [string, string][] =
    config.driver === 'local'
      ? [[t('storageConfig.card.root'), config.root_path ?? '']]
      : [
          [
            t('storageConfig.card.endpoint'),
            config.endpoint_url ??
              t('storageConfig.card.awsEndpoint', { region: config.region ?? '' }),
          ],
          [t('storageConfig.card.bucket'), config.bucket_name ?? ''],
          ...(config.default_folder
            ? ([[t('storageConfig.card.folder'), config.default_folder]] as [string, string][])
            : []),
        ];
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Text key={label} size="sm" truncate title={value}>
          <Text span c="dimmed" size="sm">
            {label}:
          </Text>{' '}
          <Text span ff="monospace" size="sm">
            {value}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** One storage config as a card: what and where it is, how full, and its actions. */
export function StorageConfigCard({
  config,
  onTest,
  onEdit,
  onSetDefault,
  onDelete,
}: StorageConfigCardProps) {
  const { t, i18n } = useTranslation();
  const name = storageConfigName(config, t);
  const used = formatBytes(config.used_bytes, i18n.language);
  const quota = config.total_storage_bytes;
  const percent = quota ? Math.min(100, (config.used_bytes / quota) * 100) : 0;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={name}
      data-testid="storage-config-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} miw={0}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fw={600} truncate title={name}>
                {name}
              </Text>
              {config.is_default ? (
                <Badge variant="filled" leftSection={<IconStar size={12} aria-hidden />}>
                  {t('storageConfig.card.default')}
                </Badge>
              ) : null}
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {t(`storageConfig.providers.${config.provider_type}`)}
              </Badge>
              <Badge variant="outline" color={config.allow_api_keys ? 'teal' : 'gray'}>
                {config.allow_api_keys
                  ? t('storageConfig.card.apiKeysAllowed')
                  : t('storageConfig.card.apiKeysDenied')}
              </Badge>
            </Group>
          </Stack>
          <RowActionsMenu label={t('storageConfig.card.actions', { name })}>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
              {t('common.edit')}
            </Menu.Item>
            {config.is_default ? null : (
              <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={onSetDefault}>
                {t('storageConfig.card.setDefault')}
              </Menu.Item>
            )}
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={onDelete}
            >
              {t('common.delete')}
            </Menu.Item>
          </RowActionsMenu>
        </Group>
        <Location config={config} />
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {quota
                ? t('storageConfig.card.usedOf', { used, quota: formatBytes(quota, i18n.language) })
                : t('storageConfig.card.usedUnlimited', { used })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('storageConfig.card.files', { count: config.file_count })}
            </Text>
          </Group>
          {quota ? (
            <Progress
              value={percent}
              color={usageColor(percent)}
              aria-label={t('storageConfig.card.usageLabel', { name })}
            />
          ) : null}
        </Stack>
        <Group>
          <Button
            variant="light"
            h={TOUCH_TARGET_PX}
            leftSection={<IconPlugConnected size={18} aria-hidden />}
            onClick={onTest}
          >
            {t('storageConfig.card.test')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
