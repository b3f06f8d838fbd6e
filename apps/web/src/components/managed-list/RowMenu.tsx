import { Menu } from '@mantine/core';
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
import { RowActionsMenu } from '../RowActionsMenu';
import type { RowAction } from './list-kind';
import { useListKeys } from './list-keys';
import { namingOf, type RowRef } from './selection';

const ICONS: Record<Exclude<RowAction, 'delete'>, ReactNode> = {
  preview: <IconEye size={16} aria-hidden />,
  copyLink: <IconLink size={16} aria-hidden />,
  qr: <IconQrcode size={16} aria-hidden />,
  edit: <IconPencil size={16} aria-hidden />,
};

/**
 * The "⋯" menu of one row: "Open" (a real link to the public page in a new tab), the `items`
 * in their order, then "Delete".
 */
export function RowMenu({
  row,
  href,
  items,
  onAction,
}: {
  row: RowRef;
  href: string;
  items: readonly Exclude<RowAction, 'delete'>[];
  onAction: (action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  const labels = {
    preview: t(`${keys}.actions.preview`),
    copyLink: t(`${keys}.actions.copyLink`),
    qr: t(`${keys}.actions.qr`),
    edit: t('common.edit'),
  };
  return (
    <RowActionsMenu label={t(`${keys}.rowActions`, namingOf(row))}>
      <Menu.Item
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t(`${keys}.actions.open`)}
      </Menu.Item>
      {items.map((action) => (
        <Menu.Item key={action} leftSection={ICONS[action]} onClick={() => onAction(action)}>
          {labels[action]}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => onAction('delete')}
      >
        {t('common.delete')}
      </Menu.Item>
    </RowActionsMenu>
  );
}
