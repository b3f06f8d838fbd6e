import { Code, Menu, Text } from '@mantine/core';
import type { ApiKey } from '@pasteport/contract';
import { IconNetwork, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  Cell,
  ResponsiveRows,
  type CardLayout,
  type ListColumn,
} from '../../../components/managed-list';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { TranslationResource } from '../../../lib/i18n/resources';
import { ExpiryText } from './ExpiryText';
import { KeyWebDavCell } from './KeyWebDav';
import { PermissionBadges } from './PermissionBadges';

/** Props of ApiKeyTable: the keys, the clock for "expired", and the row actions. */
export interface ApiKeyTableProps {
  keys: readonly ApiKey[];
  now: number;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** How to connect over WebDAV; offered for keys with the mount permission. */
  onWebDav: (key: ApiKey) => void;
  /** Uploader configs (ShareX, scripts…) for the key, once its full key is pasted. */
  onUploaders: (key: ApiKey) => void;
}

/** A date on one line; the exact time is in the tooltip. */
function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <Text size="sm" title={formatDateTime(iso, i18n.language)} style={{ whiteSpace: 'nowrap' }}>
      {formatDate(iso, i18n.language)}
    </Text>
  );
}

type ColumnId = Exclude<keyof TranslationResource['keys']['columns'], 'actions'>;

/**
 * The key columns in table order; on a narrow table the last use, the prefix, the path (also
 * in the WebDAV address) and then the WebDAV sign-in give way first. A phone card shows the
 * name, then prefix and path, permissions, WebDAV and dates.
 */
export function apiKeyColumns(t: TFunction): ListColumn<ApiKey>[] {
  const column = (id: ColumnId, rest: Omit<ListColumn<ApiKey>, 'id' | 'header'>) => ({
    id,
    header: t(`keys.columns.${id}`),
    ...rest,
  });
  return [
    column('name', {
      width: 200,
      maw: 180,
      cell: (key) => <Cell.Truncated text={key.name} strong />,
    }),
    column('prefix', {
      width: 130,
      priority: 6,
      cell: (key) => <Code style={{ whiteSpace: 'nowrap' }}>{key.key_prefix}…</Code>,
    }),
    column('permissions', {
      width: 190,
      priority: 3,
      cell: (key) => <PermissionBadges apiKey={key} />,
    }),
    column('basicPath', {
      width: 160,
      priority: 5,
      maw: 140,
      labelledOnCard: true,
      cell: (key) => <Cell.Truncated text={key.basic_path} mono />,
    }),
    column('webdav', {
      width: 260,
      priority: 4,
      maw: 240,
      labelledOnCard: true,
      cell: (key) => <KeyWebDavCell apiKey={key} />,
    }),
    column('expires', {
      width: 130,
      priority: 2,
      labelledOnCard: true,
      cell: (key, now) => <ExpiryText expiresAt={key.expires_at} now={now} />,
    }),
    column('lastUsed', {
      width: 120,
      priority: 7,
      labelledOnCard: true,
      cell: (key) =>
        key.last_used_at ? (
          <DateText iso={key.last_used_at} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('common.never')}
          </Text>
        ),
    }),
    column('created', {
      width: 120,
      labelledOnCard: true,
      cell: (key) => <DateText iso={key.created_at} />,
    }),
  ];
}

const CARD: CardLayout = {
  title: 'name',
  lines: [['prefix', 'basicPath'], ['permissions'], ['webdav'], ['expires', 'lastUsed', 'created']],
};

/** The key list: a table of the columns that fit, cards on a phone; the menu always in reach. */
export function ApiKeyTable({
  keys,
  now,
  onEdit,
  onDelete,
  onWebDav,
  onUploaders,
}: ApiKeyTableProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveRows
      columns={apiKeyColumns(t)}
      card={CARD}
      rows={keys}
      now={now}
      label={t('keys.tableLabel')}
      actionsLabel={t('keys.columns.actions')}
      rowAttributes={(key) => ({ 'data-testid': 'api-key-row', 'data-key-name': key.name })}
      renderMenu={(key) => (
        <RowActionsMenu label={t('keys.rowActions', { name: key.name })}>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(key)}>
            {t('common.edit')}
          </Menu.Item>
          {key.mount_permission ? (
            <Menu.Item
              leftSection={<IconNetwork size={16} aria-hidden />}
              onClick={() => onWebDav(key)}
            >
              {t('keys.webdav.connect')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => onUploaders(key)}
          >
            {t('keys.uploaders.open')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onDelete(key)}
          >
            {t('common.delete')}
          </Menu.Item>
        </RowActionsMenu>
      )}
    />
  );
}
