import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Select,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconFolderPlus,
  IconLayoutGrid,
  IconList,
  IconPhoto,
  IconRefresh,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
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
}

/** Refresh, view switch, sort and the filter of the current folder. */
export function ExplorerToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const { order } = props;
  const descending = order.direction === 'desc';
  const views: { value: ViewMode; label: React.ReactNode }[] = [
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
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 320px', justifyContent: 'flex-end' }}>
        <TextInput
          aria-label={t('mountExplorer.filter.label')}
          placeholder={t('mountExplorer.filter.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={props.filter}
          onChange={(event) => props.onFilterChange(event.currentTarget.value)}
          style={{ flex: '1 1 160px', minWidth: 0 }}
        />
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
