import { Button, CloseButton, EmptyState, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mount } from '@pasteport/contract';
import { IconFolders, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { describeApiError } from '../../../lib/api';
import { useMounts, useRefreshMountIndex, useUpdateMount } from '../api';
import { filterMounts, sortMounts } from '../mount-display';
import { DeleteMountDialog } from './DeleteMountDialog';
import { MountFormDialog } from './MountFormDialog';
import { MountTable, type MountAction } from './MountTable';

/** Which dialog is open, by mount id (so it shows the mount as the list now has it). */
type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; id: string };

/** The longest search kept: names are 50 characters, paths 100, remarks 500. */
const SEARCH_MAX = 500;

/**
 * The mount-management module (admin only): every mount point in display order with a search
 * over names, paths and remarks, create and edit in a dialog, and per row activate or
 * deactivate, open in the explorer, refresh the search index and delete.
 */
export function MountManagementModule() {
  const { t } = useTranslation();
  const mounts = useMounts();
  const update = useUpdateMount();
  const refresh = useRefreshMountIndex();
  const [dialog, setDialog] = useState<Dialog>();
  const [search, setSearch] = useState('');
  const close = () => setDialog(undefined);
  const openCreate = () => setDialog({ kind: 'create' });
  const current =
    dialog && dialog.kind !== 'create'
      ? mounts.data?.find((mount) => mount.id === dialog.id)
      : undefined;

  async function toggleActive(mount: Mount) {
    const next = !mount.is_active;
    try {
      await update.mutateAsync({ id: mount.id, changes: { is_active: next } });
      notifications.show({
        color: 'green',
        message: t(next ? 'mountManagement.activated' : 'mountManagement.deactivated', {
          name: mount.name,
        }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('mountManagement.toggleFailed', { name: mount.name }),
        message: describeApiError(error, t),
      });
    }
  }

  async function refreshIndex(mount: Mount) {
    try {
      await refresh.mutateAsync(mount.id);
      notifications.show({
        color: 'green',
        message: t('mountManagement.refreshRequested', { name: mount.name }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('mountManagement.refreshFailed', { name: mount.name }),
        message: describeApiError(error, t),
      });
    }
  }

  function act(action: MountAction, mount: Mount) {
    if (action === 'toggleActive') void toggleActive(mount);
    else if (action === 'refreshIndex') void refreshIndex(mount);
    else setDialog({ kind: action, id: mount.id });
  }

  let body;
  if (mounts.isPending) body = <LoadingRows rows={3} />;
  else if (mounts.isError) {
    body = (
      <LoadFailedAlert
        title={t('mountManagement.loadFailed')}
        error={mounts.error}
        onRetry={() => void mounts.refetch()}
      />
    );
  } else if (mounts.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconFolders size={32} stroke={1.5} aria-hidden />}
        title={t('mountManagement.empty.title')}
        description={t('mountManagement.empty.description')}
      >
        <EmptyState.Actions>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
            {t('mountManagement.create')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    const shown = filterMounts(sortMounts(mounts.data), search);
    body =
      shown.length === 0 ? (
        <EmptyState
          icon={<IconSearch size={32} stroke={1.5} aria-hidden />}
          title={t('mountManagement.noMatches.title', { search: search.trim() })}
          description={t('mountManagement.noMatches.description')}
        />
      ) : (
        <MountTable mounts={shown} now={mounts.dataUpdatedAt} onAction={act} />
      );
  }

  const hasMounts = mounts.isSuccess && mounts.data.length > 0;
  return (
    <Stack gap="md">
      {hasMounts ? (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            // Not type="search": browsers would add a second clear button beside ours.
            type="text"
            role="searchbox"
            inputMode="search"
            enterKeyHint="search"
            label={t('mountManagement.search.label')}
            placeholder={t('mountManagement.search.placeholder')}
            maxLength={SEARCH_MAX}
            w={{ base: '100%', xs: 320 }}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              search ? (
                <CloseButton
                  aria-label={t('mountManagement.search.clear')}
                  onClick={() => setSearch('')}
                />
              ) : null
            }
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
            {t('mountManagement.create')}
          </Button>
        </Group>
      ) : null}
      {body}
      {dialog?.kind === 'create' ? <MountFormDialog editing={undefined} onClose={close} /> : null}
      {dialog?.kind === 'edit' && current ? (
        <MountFormDialog key={current.id} editing={current} onClose={close} />
      ) : null}
      {dialog?.kind === 'delete' && current ? (
        <DeleteMountDialog mount={current} onClose={close} />
      ) : null}
    </Stack>
  );
}
