import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePwaState, usePwaStore } from '../pwa-context';
import classes from './PwaPrompts.module.css';

/**
 * The install offer and "reload to update" (SPEC §2, §4), one card above the page's bottom
 * edge. Not a dialog: neither blocks anything, and both wait for the person. An update is
 * shown before an install offer.
 */
export function PwaPrompts() {
  const { t } = useTranslation();
  const store = usePwaStore();
  const state = usePwaState();
  const update = state.update === 'needRefresh' || state.update === 'updating';
  if (!update && !state.offerInstall) return null;

  return (
    <Paper
      component="section"
      aria-label={t('pwa.promptsLabel')}
      shadow="md"
      withBorder
      p="md"
      className={classes.card}
      data-testid={update ? 'pwa-update' : 'pwa-install'}
    >
      {update ? (
        <Stack gap="xs">
          <Text fw={600}>{t('pwa.updateTitle')}</Text>
          <Text size="sm">{t('pwa.updateBody')}</Text>
          <Group justify="flex-end">
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              loading={state.update === 'updating'}
              onClick={() => store.applyUpdate()}
            >
              {state.update === 'updating' ? t('pwa.updating') : t('pwa.updateReload')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{t('pwa.installTitle')}</Text>
          <Text size="sm">{t('pwa.installBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => store.dismissInstall()}>
              {t('pwa.installLater')}
            </Button>
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => void store.install()}
            >
              {t('pwa.install')}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
