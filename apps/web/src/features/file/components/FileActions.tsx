import { Group, Stack, Text } from '@mantine/core';
import { IconLink, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DeleteShareButton,
  EditShareButton,
  ShareActionButton,
} from '../../../components/share-access/ShareActionButton';
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
            <ShareActionButton
              Icon={IconLink}
              label={t('file.actions.copyLink')}
              onClick={props.onCopyLink}
            />
            <ShareActionButton
              Icon={IconQrcode}
              label={t('file.actions.qr')}
              onClick={props.onShowQr}
            />
          </Group>
        </>
      )}
      {canManage ? (
        <Group gap="xs" grow>
          {gone ? null : <EditShareButton onClick={props.onEdit} />}
          <DeleteShareButton onClick={props.onDelete} />
        </Group>
      ) : null}
    </Stack>
  );
}
