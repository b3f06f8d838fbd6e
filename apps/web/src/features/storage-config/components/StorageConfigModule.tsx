import { Button, EmptyState, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StorageConfig } from '@pasteport/contract';
import { IconDatabase, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { describeApiError } from '../../../lib/api';
import { useSetDefaultStorageConfig, useStorageConfigs } from '../api';
import { ConfigFormDialog } from './ConfigFormDialog';
import { DeleteConfigDialog } from './DeleteConfigDialog';
import { StorageConfigCard } from './StorageConfigCard';
import { TestConfigDialog } from './TestConfigDialog';

/** Which dialog is open, by config id (so it shows the config as the list now has it). */
type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'test'; id: string };

/**
 * The storage-config module (admin only): the configs as cards (one column on phones), each
 * with its usage, a connection test, edit, make default and delete.
 */
export function StorageConfigModule() {
  const { t } = useTranslation();
  const configs = useStorageConfigs();
  const setDefault = useSetDefaultStorageConfig();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const open = (kind: 'edit' | 'delete' | 'test', config: StorageConfig) =>
    setDialog({ kind, id: config.id });
  const current =
    dialog && dialog.kind !== 'create'
      ? configs.data?.find((config) => config.id === dialog.id)
      : undefined;

  async function makeDefault(config: StorageConfig) {
    try {
      await setDefault.mutateAsync(config.id);
      notifications.show({
        color: 'green',
        message: t('storageConfig.defaultSet', { name: config.name }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('storageConfig.defaultFailed', { name: config.name }),
        message: describeApiError(error, t),
      });
    }
  }

  let body;
  if (configs.isPending) body = <LoadingRows rows={3} />;
  else if (configs.isError) {
    body = (
      <LoadFailedAlert
        title={t('storageConfig.loadFailed')}
        error={configs.error}
        onRetry={() => void configs.refetch()}
      />
    );
  } else if (configs.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconDatabase size={32} stroke={1.5} aria-hidden />}
        title={t('storageConfig.empty.title')}
        description={t('storageConfig.empty.description')}
      />
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        spacing="md"
        component="section"
        aria-label={t('storageConfig.listLabel')}
      >
        {configs.data.map((config) => (
          <StorageConfigCard
            key={config.id}
            config={config}
            onTest={() => open('test', config)}
            onEdit={() => open('edit', config)}
            onSetDefault={() => void makeDefault(config)}
            onDelete={() => open('delete', config)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('storageConfig.create')}
        </Button>
      </Group>
      {body}
      {dialog?.kind === 'create' ? <ConfigFormDialog editing={undefined} onClose={close} /> : null}
      {dialog?.kind === 'edit' && current ? (
        <ConfigFormDialog key={current.id} editing={current} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' && current ? (
        <DeleteConfigDialog config={current} onClose={close} />
      ) : null}
      {dialog?.kind === 'test' && current ? (
        <TestConfigDialog config={current} onClose={close} />
      ) : null}
    </Stack>
  );
}
