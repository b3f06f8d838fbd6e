import { FS_LINK_EXPIRES_MAX, type FsFileLink, type FsItem } from '@pasteport/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { describeApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { fetchFileLink } from '../api';

/** The lifetimes offered, in seconds; the longest is the server's (and S3's) one week. */
export const LINK_LIFETIMES = [
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86_400 },
  { key: 'week', seconds: FS_LINK_EXPIRES_MAX },
] as const;

type Lifetime = (typeof LINK_LIFETIMES)[number]['key'];

/**
 * Copy link…: a link that reads the file without signing in (`GET /api/fs/file-link`) for a
 * chosen lifetime, shown with a copy button and what it lets others do.
 */
export function CopyLinkDialog({ entry, onClose }: { entry: FsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [lifetime, setLifetime] = useState<Lifetime>('day');
  const [forceDownload, setForceDownload] = useState(false);
  const noteId = useId();
  const link = useMutation({
    mutationFn: (): Promise<FsFileLink> =>
      fetchFileLink(entry.path, {
        forceDownload,
        expiresIn: LINK_LIFETIMES.find((choice) => choice.key === lifetime)?.seconds,
      }),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('explorerMenu.link.title', { name: entry.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {link.data ? (
        <Stack gap="sm">
          <TextInput
            readOnly
            value={link.data.presignedUrl}
            label={t('explorerMenu.link.field', { name: entry.name })}
            aria-describedby={noteId}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="sm" c="dimmed" id={noteId}>
            {t('explorerMenu.link.note', {
              when: formatDateTime(link.data.expiresAt, i18n.language),
            })}
          </Text>
          <Group justify="flex-end">
            <CopyValueButton
              value={link.data.presignedUrl}
              label={t('explorerMenu.link.copy')}
              copiedLabel={t('explorerMenu.link.copied')}
              data-autofocus
            />
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" fw={500} id={`${noteId}-lifetime`}>
            {t('explorerMenu.link.lifetime')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${noteId}-lifetime`}
            value={lifetime}
            onChange={setLifetime}
            data={LINK_LIFETIMES.map((choice) => ({
              value: choice.key,
              label: t(`explorerMenu.link.${choice.key}`),
            }))}
          />
          <Checkbox
            label={t('explorerMenu.link.forceDownload')}
            checked={forceDownload}
            onChange={(event) => setForceDownload(event.currentTarget.checked)}
          />
          {link.error ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(link.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button loading={link.isPending} onClick={() => link.mutate()} data-autofocus>
              {t('explorerMenu.link.create')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
