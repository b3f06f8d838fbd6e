import { Badge, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import type { Mount } from '@pasteport/contract';
import {
  IconExternalLink,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Cell,
  ResponsiveRows,
  type CardLayout,
  type ListColumn,
} from '../../../components/managed-list';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { formatDateTime } from '../../../lib/format';
import type { TranslationResource } from '../../../lib/i18n/resources';
import { storageConfigName } from '../../../lib/storage-config-name';
import { cacheTtlText, explorerPath, formatRelative } from '../mount-display';

/** What a row's menu does. */
export type MountAction = 'edit' | 'toggleActive' | 'refreshIndex' | 'delete';

/** Props of MountTable: the mounts in display order, when they were loaded, the row actions. */
export interface MountTableProps {
  mounts: readonly Mount[];
  now: number;
  onAction: (action: MountAction, mount: Mount) => void;
}

/** The storage's name as the reader knows it: the built-in local disk in their language. */
export function mountStorageName(mount: Mount, t: TFunction): string | undefined {
  if (mount.storage_config_name === null) return undefined;
  return storageConfigName(
    {
      name: mount.storage_config_name,
      provider_type: mount.storage_type === 'LOCAL' ? 'local' : 's3',
    },
    t,
  );
}

function StorageCell({ mount }: { mount: Mount }) {
  const { t } = useTranslation();
  const name = mountStorageName(mount, t);
  if (name === undefined || mount.storage_type === null) {
    return (
      <Badge color="red" variant="light" size="sm">
        {t('mountManagement.storageMissing')}
      </Badge>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Badge
        variant="light"
        color={mount.storage_type === 'S3' ? 'blue' : 'gray'}
        size="sm"
        style={{ flexShrink: 0 }}
      >
        {t(`mountManagement.storageTypes.${mount.storage_type}`)}
      </Badge>
      <Cell.Truncated text={name} />
    </Group>
  );
}

function StatusCell({ mount }: { mount: Mount }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        variant={mount.is_active ? 'light' : 'outline'}
        color={mount.is_active ? 'teal' : 'gray'}
        size="sm"
      >
        {mount.is_active
          ? t('mountManagement.status.active')
          : t('mountManagement.status.inactive')}
      </Badge>
      <Badge
        variant={mount.read_only ? 'light' : 'outline'}
        color={mount.read_only ? 'orange' : 'gray'}
        size="sm"
      >
        {mount.read_only
          ? t('mountManagement.status.readOnly')
          : t('mountManagement.status.readWrite')}
      </Badge>
    </Group>
  );
}

function LastRefreshCell({ iso, now }: { iso: string | null; now: number }) {
  const { t, i18n } = useTranslation();
  if (iso === null) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('mountManagement.neverRefreshed')}
      </Text>
    );
  }
  return (
    <Tooltip label={formatDateTime(iso, i18n.language)}>
      <Text size="sm" component="time" dateTime={iso} style={{ whiteSpace: 'nowrap' }}>
        {formatRelative(iso, now, i18n.language)}
      </Text>
    </Tooltip>
  );
}

type ColumnId = Exclude<keyof TranslationResource['mountManagement']['columns'], 'actions'>;

/**
 * The mount columns in table order; on a narrow table the order, last refresh and cache give
 * way first. A phone card shows the name, then path, storage, status and the numbers.
 */
export function mountColumns(t: TFunction, locale: string): ListColumn<Mount>[] {
  const column = (id: ColumnId, rest: Omit<ListColumn<Mount>, 'id' | 'header'>) => ({
    id,
    header: t(`mountManagement.columns.${id}`),
    ...rest,
  });
  return [
    column('name', {
      width: 200,
      maw: 200,
      cell: (mount) => (
        <Stack gap={0} miw={0}>
          <Cell.Truncated text={mount.name} strong />
          {mount.remark ? <Cell.Truncated text={mount.remark} dimmed /> : null}
        </Stack>
      ),
    }),
    column('path', {
      width: 170,
      maw: 160,
      cell: (mount) => <Cell.Truncated text={mount.mount_path} mono />,
    }),
    column('storage', {
      width: 190,
      maw: 190,
      priority: 4,
      cell: (mount) => <StorageCell mount={mount} />,
    }),
    column('status', {
      width: 210,
      priority: 2,
      cell: (mount) => <StatusCell mount={mount} />,
    }),
    column('cacheTtl', {
      width: 100,
      priority: 5,
      labelledOnCard: true,
      cell: (mount) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {cacheTtlText(mount.cache_ttl, locale) ?? t('mountManagement.noCache')}
        </Text>
      ),
    }),
    column('lastRefresh', {
      width: 130,
      priority: 6,
      labelledOnCard: true,
      cell: (mount, now) => <LastRefreshCell iso={mount.last_refresh} now={now} />,
    }),
    column('sortOrder', {
      width: 80,
      priority: 7,
      labelledOnCard: true,
      cell: (mount) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {mount.sort_order}
        </Text>
      ),
    }),
  ];
}

const CARD: CardLayout = {
  title: 'name',
  lines: [['path'], ['storage'], ['status'], ['cacheTtl', 'lastRefresh', 'sortOrder']],
};

/** The mount list: a table of the columns that fit, cards on a phone; the menu always in reach. */
export function MountTable({ mounts, now, onAction }: MountTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ResponsiveRows
      columns={mountColumns(t, i18n.language)}
      card={CARD}
      rows={mounts}
      now={now}
      label={t('mountManagement.listLabel')}
      actionsLabel={t('mountManagement.columns.actions')}
      rowAttributes={(mount) => ({
        'data-testid': 'mount-row',
        'data-mount-path': mount.mount_path,
      })}
      renderMenu={(mount) => (
        <RowActionsMenu label={t('mountManagement.rowActions', { name: mount.name })}>
          <Menu.Item
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => onAction('edit', mount)}
          >
            {t('common.edit')}
          </Menu.Item>
          <Menu.Item
            leftSection={
              mount.is_active ? (
                <IconPlayerPause size={16} aria-hidden />
              ) : (
                <IconPlayerPlay size={16} aria-hidden />
              )
            }
            onClick={() => onAction('toggleActive', mount)}
          >
            {mount.is_active
              ? t('mountManagement.actions.deactivate')
              : t('mountManagement.actions.activate')}
          </Menu.Item>
          {mount.is_active ? (
            <Menu.Item
              component={Link}
              to={explorerPath(mount)}
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('mountManagement.actions.open')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => onAction('refreshIndex', mount)}
          >
            {t('mountManagement.actions.refreshIndex')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onAction('delete', mount)}
          >
            {t('common.delete')}
          </Menu.Item>
        </RowActionsMenu>
      )}
    />
  );
}
