import { Code, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApiKey } from '@pasteport/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { formatDate, formatDateTime } from '../../../lib/format';
import { ExpiryText } from './ExpiryText';
import { PermissionBadges } from './PermissionBadges';

/** Props of ApiKeyTable: the keys, the clock for "expired", and the row actions. */
export interface ApiKeyTableProps {
  keys: readonly ApiKey[];
  now: number;
  onEdit: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

/** The key list; on a phone it scrolls sideways inside its own container, never the page. */
export function ApiKeyTable({ keys, now, onEdit, onDelete }: ApiKeyTableProps) {
  const { t, i18n } = useTranslation();
  // Dates keep rows short; the exact time is in the tooltip.
  const dateText = (iso: string) => (
    <Text size="sm" title={formatDateTime(iso, i18n.language)}>
      {formatDate(iso, i18n.language)}
    </Text>
  );

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('keys.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('keys.columns.name')}</Table.Th>
            <Table.Th>{t('keys.columns.prefix')}</Table.Th>
            <Table.Th>{t('keys.columns.permissions')}</Table.Th>
            <Table.Th>{t('keys.columns.basicPath')}</Table.Th>
            <Table.Th>{t('keys.columns.expires')}</Table.Th>
            <Table.Th>{t('keys.columns.lastUsed')}</Table.Th>
            <Table.Th>{t('keys.columns.created')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('keys.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-testid="api-key-row" data-key-name={key.name}>
              <Table.Td maw={200}>
                <Text size="sm" fw={500} truncate title={key.name}>
                  {key.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Code>{key.key_prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <PermissionBadges apiKey={key} />
              </Table.Td>
              <Table.Td maw={160}>
                <Text size="sm" ff="monospace" truncate title={key.basic_path}>
                  {key.basic_path}
                </Text>
              </Table.Td>
              <Table.Td>
                <ExpiryText expiresAt={key.expires_at} now={now} />
              </Table.Td>
              <Table.Td>
                {key.last_used_at ? (
                  dateText(key.last_used_at)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('common.never')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{dateText(key.created_at)}</Table.Td>
              <Table.Td>
                <RowActionsMenu label={t('keys.rowActions', { name: key.name })}>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => onEdit(key)}
                  >
                    {t('common.edit')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => onDelete(key)}
                  >
                    {t('common.delete')}
                  </Menu.Item>
                </RowActionsMenu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
