import { Menu } from '@mantine/core';
import type { PasteSummary } from '@pasteport/contract';
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
import { pastePath } from '../../paste/api';

/** What a row action does with its paste; the module opens the matching dialog. */
export type PasteAction = 'preview' | 'copyLink' | 'qr' | 'edit' | 'delete';

/**
 * The row actions of one paste. "Open" is a real link in a new tab and counts as a view;
 * "Preview" reads through the management endpoint and does not.
 */
export function PasteActionsMenu({
  paste,
  onAction,
}: {
  paste: PasteSummary;
  onAction: (action: PasteAction, paste: PasteSummary) => void;
}) {
  const { t } = useTranslation();
  const item = (action: PasteAction, icon: ReactNode, label: string) => (
    <Menu.Item leftSection={icon} onClick={() => onAction(action, paste)}>
      {label}
    </Menu.Item>
  );
  return (
    <RowActionsMenu label={t('textManagement.rowActions', { slug: paste.slug })}>
      <Menu.Item
        component="a"
        href={pastePath(paste.slug)}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t('textManagement.actions.open')}
      </Menu.Item>
      {item('preview', <IconEye size={16} aria-hidden />, t('textManagement.actions.preview'))}
      {item('copyLink', <IconLink size={16} aria-hidden />, t('textManagement.actions.copyLink'))}
      {item('qr', <IconQrcode size={16} aria-hidden />, t('textManagement.actions.qr'))}
      {item('edit', <IconPencil size={16} aria-hidden />, t('common.edit'))}
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => onAction('delete', paste)}
      >
        {t('common.delete')}
      </Menu.Item>
    </RowActionsMenu>
  );
}
