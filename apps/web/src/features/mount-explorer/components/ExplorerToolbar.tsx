import {
  ActionIcon,
  Button,
  Group,
  Menu,
  SegmentedControl,
  Select,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconDots,
  IconFolderPlus,
  IconLayoutGrid,
  IconList,
  IconNetwork,
  IconPhoto,
  IconRefresh,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS, type SortOrder } from '../listing/entries';
import type { ViewMode } from '../listing/view-mode';

export interface ExplorerToolbarProps {
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  order: SortOrder;
  onOrderChange: (order: SortOrder) => void;
  filter: string;
  onFilterChange: (filter: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  /** Offered only where the caller may write. */
  onNewFolder: (() => void) | undefined;
  /** First in the toolbar: the upload button (where the caller may write). */
  leading?: ReactNode;
  /** Always shown, also on phones: search and the basket. */
  tools?: ReactNode;
  /** Opens how to connect to this folder over WebDAV (a button; on a phone, in More). */
  onWebDav?: () => void;
}

/**
 * Upload, new folder, refresh, view switch, sort, WebDAV and the filter of the current folder.
 * On a phone the filter takes its own row and what does not fit goes into a "More" menu.
 */
export function ExplorerToolbar(props: ExplorerToolbarProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return phone ? <PhoneToolbar {...props} /> : <WideToolbar {...props} />;
}

function FilterInput(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('mountExplorer.filter.label')}
      placeholder={t('mountExplorer.filter.placeholder')}
      leftSection={<IconSearch size={16} />}
      value={props.filter}
      onChange={(event) => props.onFilterChange(event.currentTarget.value)}
      style={{ flex: '1 1 160px', minWidth: 0 }}
    />
  );
}

const VIEW_ICONS = { list: IconList, grid: IconLayoutGrid, gallery: IconPhoto } as const;

function PhoneToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const { order } = props;
  const check = (on: boolean) => (on ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);
  return (
    <>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        {/* Wraps rather than widen the page on the narrowest phones. */}
        <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          {props.leading}
          {props.tools}
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('explorerToolbar.more')}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {props.onNewFolder ? (
              <Menu.Item leftSection={<IconFolderPlus size={16} />} onClick={props.onNewFolder}>
                {t('mountExplorer.actions.newFolder')}
              </Menu.Item>
            ) : null}
            <Menu.Item leftSection={<IconRefresh size={16} />} onClick={props.onRefresh}>
              {t('mountExplorer.refresh')}
            </Menu.Item>
            {props.onWebDav ? (
              <Menu.Item
                leftSection={<IconNetwork size={16} />}
                aria-haspopup="dialog"
                onClick={props.onWebDav}
              >
                {t('explorerWebDav.button')}
              </Menu.Item>
            ) : null}
            <Menu.Label>{t('mountExplorer.view.label')}</Menu.Label>
            {(['list', 'grid', 'gallery'] as const).map((view) => {
              const Icon = VIEW_ICONS[view];
              return (
                <Menu.Item
                  key={view}
                  leftSection={<Icon size={16} />}
                  rightSection={check(props.view === view)}
                  onClick={() => props.onViewChange(view)}
                >
                  {t(`mountExplorer.view.${view}`)}
                </Menu.Item>
              );
            })}
            <Menu.Label>{t('mountExplorer.sort.label')}</Menu.Label>
            {SORT_KEYS.map((key) => (
              <Menu.Item
                key={key}
                rightSection={check(order.key === key)}
                onClick={() => props.onOrderChange({ ...order, key })}
              >
                {t(`mountExplorer.sort.${key}`)}
              </Menu.Item>
            ))}
            <Menu.Item
              leftSection={
                order.direction === 'desc' ? (
                  <IconSortDescending size={16} />
                ) : (
                  <IconSortAscending size={16} />
                )
              }
              onClick={() =>
                props.onOrderChange({
                  ...order,
                  direction: order.direction === 'desc' ? 'asc' : 'desc',
                })
              }
            >
              {t(order.direction === 'desc' ? 'mountExplorer.sort.desc' : 'mountExplorer.sort.asc')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <FilterInput {...props} />
    </>
  );
}

function WideToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const { order } = props;
  const descending = order.direction === 'desc';
  const views: { value: ViewMode; label: ReactNode }[] = [
    { value: 'list', label: <IconList size={16} aria-label={t('mountExplorer.view.list')} /> },
    {
      value: 'grid',
      label: <IconLayoutGrid size={16} aria-label={t('mountExplorer.view.grid')} />,
    },
    {
      value: 'gallery',
      label: <IconPhoto size={16} aria-label={t('mountExplorer.view.gallery')} />,
    },
  ];
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        {props.leading}
        <Tooltip label={t('mountExplorer.refresh')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('mountExplorer.refresh')}
            loading={props.refreshing}
            onClick={props.onRefresh}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        {props.onNewFolder ? (
          <Button
            variant="default"
            leftSection={<IconFolderPlus size={16} />}
            onClick={props.onNewFolder}
          >
            {t('mountExplorer.actions.newFolder')}
          </Button>
        ) : null}
        <SegmentedControl
          aria-label={t('mountExplorer.view.label')}
          value={props.view}
          onChange={props.onViewChange}
          data={views}
        />
        {props.tools}
        {props.onWebDav ? (
          <Button
            variant="default"
            leftSection={<IconNetwork size={16} aria-hidden />}
            aria-haspopup="dialog"
            onClick={props.onWebDav}
          >
            {t('explorerWebDav.button')}
          </Button>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 320px', justifyContent: 'flex-end' }}>
        <FilterInput {...props} />
        <Select
          aria-label={t('mountExplorer.sort.label')}
          value={order.key}
          onChange={(value) => value && props.onOrderChange({ ...order, key: value })}
          data={SORT_KEYS.map((key) => ({ value: key, label: t(`mountExplorer.sort.${key}`) }))}
          allowDeselect={false}
          w={130}
        />
        <Tooltip label={t(descending ? 'mountExplorer.sort.desc' : 'mountExplorer.sort.asc')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(descending ? 'mountExplorer.sort.desc' : 'mountExplorer.sort.asc')}
            onClick={() =>
              props.onOrderChange({ ...order, direction: descending ? 'asc' : 'desc' })
            }
          >
            {descending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
