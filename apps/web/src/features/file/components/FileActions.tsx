import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLink, IconPencil, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../preview/DownloadButton';

export interface FileActionsProps {
  filename: string;
  downloadUrl: string;
  /** Downloading counts a view (the file has a view limit). */
  downloadCountsView: boolean;
  /** No views are left: the links lead nowhere, so nothing offers them. */
  gone: boolean;
  /** Edit and delete are offered (the viewer manages this file). */
  canManage: boolean;
  onDownload: () => void;
  onCopyLink: () => void;
  onShowQr: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Download first (the one primary action), then sharing, then managing. */
export function FileActions(props: FileActionsProps) {
  const { t } = useTranslation();
  const { gone, canManage } = props;
  return (
    <Stack gap="xs" role="group" aria-label={t('file.actions.label')}>
      {gone ? null : (
        <>
          <DownloadButton
            url={props.downloadUrl}
            filename={props.filename}
            onDownload={props.onDownload}
            size="md"
            fullWidth
          />
          {props.downloadCountsView ? (
            <Text size="xs" c="dimmed">
              {t('file.actions.downloadCountsView')}
            </Text>
          ) : null}
          <Group gap="xs" grow>
            <Button
              variant="default"
              h={40}
              leftSection={<IconLink size={18} aria-hidden />}
              onClick={props.onCopyLink}
            >
              {t('file.actions.copyLink')}
            </Button>
            <Button
              variant="default"
              h={40}
              leftSection={<IconQrcode size={18} aria-hidden />}
              onClick={props.onShowQr}
            >
              {t('file.actions.qr')}
            </Button>
          </Group>
        </>
      )}
      {canManage ? (
        <Group gap="xs" grow>
          {gone ? null : (
            <Button
              variant="default"
              h={40}
              leftSection={<IconPencil size={18} aria-hidden />}
              onClick={props.onEdit}
            >
              {t('common.edit')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            h={40}
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={props.onDelete}
          >
            {t('common.delete')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
