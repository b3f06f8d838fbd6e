import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { StorageConfig } from '@pasteport/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { storageConfigName } from '../../../lib/storage-config-name';
import { useTestStorageConfig } from '../api';
import { TestResultPanel } from './TestResultPanel';

/** Runs the connection test of a config as it opens, and explains the result. */
export function TestConfigDialog({
  config,
  onClose,
}: {
  config: StorageConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const test = useTestStorageConfig();
  const started = useRef(false);
  const { mutate } = test;

  useEffect(() => {
    // Once per dialog, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    mutate(config.id);
  }, [mutate, config.id]);

  let body;
  if (test.isPending || test.isIdle) {
    body = (
      <Group gap="sm" role="status" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('storageConfig.test.running')}</Text>
      </Group>
    );
  } else if (test.isError) {
    body = (
      <Alert role="alert" color="red" variant="light" title={t('storageConfig.test.failed')}>
        {describeApiError(test.error, t)}
      </Alert>
    );
  } else {
    body = <TestResultPanel result={test.data} config={config} />;
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('storageConfig.test.title', { name: storageConfigName(config, t) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {body}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button loading={test.isPending} onClick={() => mutate(config.id)}>
            {t('storageConfig.test.again')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
