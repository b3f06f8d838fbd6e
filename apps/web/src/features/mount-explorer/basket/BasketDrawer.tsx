import type { FsItem } from '@pasteport/contract';
import { ActionIcon, Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/managed-list/use-is-phone';
import { describeApiError } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { EntryIcon } from '../components/EntryIcon';
import { requestArchive } from './archive-api';
import { needsSizeWarning, type BasketEntry, type BasketTotals } from './basket-rules';
import { useBasket } from './use-basket';

/** "1.2 GB", "1.2 GB + folders" or "folder sizes unknown". */
function sizeText(totals: BasketTotals, t: TFunction, locale: string): string {
  const size = formatBytes(totals.bytes, locale);
  if (!totals.sizeUnknown) return size;
  return totals.bytes === 0
    ? t('explorerBasket.sizeFoldersOnly')
    : t('explorerBasket.sizeWithFolders', { size });
}

// EntryIcon draws explorer entries; a stored entry lacks only what the icon does not read.
const iconItem = (entry: BasketEntry): FsItem => ({
  ...entry,
  size: entry.size ?? 0,
  modified: null,
  mimetype: null,
});

function BasketRow({ entry, onRemove }: { entry: BasketEntry; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Group component="li" gap="sm" wrap="nowrap" py={4}>
      <EntryIcon item={iconItem(entry)} size={22} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate="end" title={entry.name}>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed" truncate="start" title={entry.path}>
          {entry.path}
        </Text>
      </Stack>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {entry.size === null ? t('explorerBasket.folder') : formatBytes(entry.size, i18n.language)}
      </Text>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('explorerBasket.remove', { name: entry.name })}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The basket's contents, totals and the one-click ZIP download: the archive link is asked for
 * and followed at once, so the browser streams the ZIP while the server builds it. A download
 * past the size warning asks first.
 */
export function BasketDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const { entries, totals, remove, clear } = useBasket();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const archive = useMutation({
    mutationFn: () =>
      requestArchive({
        paths: entries.map((entry) => entry.path),
        name:
          entries.length === 1 && entries[0]?.name
            ? entries[0].name
            : t('explorerBasket.archiveName'),
      }),
    onSuccess: (link) => window.location.assign(link.url),
  });

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const close = () => {
    setConfirming(false);
    archive.reset();
    onClose();
  };
  const download = () => {
    if (needsSizeWarning(totals) && !confirming) return setConfirming(true);
    setConfirming(false);
    archive.mutate();
  };
  const size = sizeText(totals, t, i18n.language);
  const count = t('explorerBasket.count', {
    count: totals.count,
    formatted: totals.count.toLocaleString(i18n.language),
  });

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={phone ? '100%' : 'md'}
      title={<Text fw={600}>{t('explorerBasket.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {entries.length === 0 ? (
        <Text c="dimmed">{t('explorerBasket.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <Text fw={500} aria-live="polite">
            {t('explorerBasket.summary', { count, size })}
          </Text>
          <Group gap="xs">
            <Button
              leftSection={<IconDownload size={16} />}
              loading={archive.isPending}
              disabled={confirming}
              onClick={download}
            >
              {t('explorerBasket.download')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconTrash size={16} />}
              disabled={archive.isPending}
              onClick={() => {
                setConfirming(false);
                clear();
              }}
            >
              {t('explorerBasket.clear')}
            </Button>
          </Group>
          {confirming ? (
            <Alert color="yellow" variant="light" title={t('explorerBasket.large.title')}>
              <Stack gap="xs">
                <Text size="sm">{t('explorerBasket.large.text', { size })}</Text>
                <Group gap="xs">
                  <Button ref={confirmRef} color="yellow" onClick={download}>
                    {t('explorerBasket.large.confirm')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    {t('common.cancel')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {archive.isError ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(archive.error, t)}
            </Alert>
          ) : null}
          <Stack
            component="ul"
            gap={0}
            aria-label={t('explorerBasket.listLabel')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {entries.map((entry) => (
              <BasketRow key={entry.path} entry={entry} onRemove={() => remove(entry.path)} />
            ))}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
