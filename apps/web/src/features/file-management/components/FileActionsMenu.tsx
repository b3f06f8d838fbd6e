import { Menu } from '@mantine/core';
import type { FileDetail } from '@pasteport/contract';
import {
  IconExternalLink,
  IconEye,
  IconLink,
  IconPencil,
  IconQrcode,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { filePath } from '../../file/api';

/** What a row action does with its file; the module opens the matching dialog. */
export type FileAction = 'preview' | 'copyLink' | 'qr' | 'edit' | 'delete';

/** The row actions of one file; "Open" is a real link to its page in a new tab. */
export function FileActionsMenu({
  file,
  onAction,
}: {
  file: FileDetail;
  onAction: (action: FileAction, file: FileDetail) => void;
}) {
  const { t } = useTranslation();
  const item = (action: FileAction, icon: ReactNode, label: string) => (
    <Menu.Item leftSection={icon} onClick={() => onAction(action, file)}>
      {label}
    </Menu.Item>
  );
  return (
    <RowActionsMenu label={t('fileManagement.rowActions', { name: file.filename })}>
      <Menu.Item
        component="a"
        href={filePath(file.slug)}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t('fileManagement.actions.open')}
      </Menu.Item>
      {item('preview', <IconEye size={16} aria-hidden />, t('fileManagement.actions.preview'))}
      {item('edit', <IconPencil size={16} aria-hidden />, t('common.edit'))}
      {item('qr', <IconQrcode size={16} aria-hidden />, t('fileManagement.actions.qr'))}
      {item('copyLink', <IconLink size={16} aria-hidden />, t('fileManagement.actions.copyLink'))}
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => onAction('delete', file)}
      >
        {t('common.delete')}
      </Menu.Item>
    </RowActionsMenu>
  );
}
