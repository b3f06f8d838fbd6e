import type { FsItem } from '@pasteport/contract';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPath } from '../location';
import { useMakeFolder, useRemove, useRename } from './api';
import { CopyLinkDialog } from './CopyLinkDialog';
import { CopyMoveDialog } from './CopyMoveDialog';
import { DeleteDialog } from './DeleteDialog';
import { NameDialog } from './NameDialog';
import { PropertiesDialog } from './PropertiesDialog';

/** The share form and its QR code: loaded the first time a file is shared. */
const ShareDialog = lazy(() =>
  import('./ShareDialog').then((module) => ({ default: module.ShareDialog })),
);

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: FsItem }
  | { kind: 'delete'; entries: readonly FsItem[] }
  | { kind: 'copy' | 'move'; entries: readonly FsItem[] }
  | { kind: 'copyLink' | 'share' | 'properties'; entry: FsItem };

/**
 * The explorer's actions on a folder's entries — new folder, rename, delete, copy to…, move
 * to…, copy link…, share…, properties — with their dialogs (rendered through `dialog`) and
 * what they say when done (a folder move, a cross-storage copy and a big delete go on as tasks).
 */
export function useExplorerActions(folder: string, onRemoved: () => void) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mkdir = useMakeFolder();
  const rename = useRename();
  const remove = useRemove();

  const close = () => {
    setDialog(null);
    mkdir.reset();
    rename.reset();
    remove.reset();
  };

  const element =
    dialog?.kind === 'newFolder' ? (
      <NameDialog
        title={t('mountExplorer.actions.newFolder')}
        submitLabel={t('mountExplorer.name.create')}
        pending={mkdir.isPending}
        error={mkdir.error}
        onClose={close}
        onSubmit={(name) =>
          mkdir.mutate(childPath(folder, name), {
            onSuccess: () => {
              close();
              notifications.show({
                color: 'green',
                message: t('mountExplorer.done.folder', { name }),
              });
            },
          })
        }
      />
    ) : dialog?.kind === 'rename' ? (
      <NameDialog
        title={t('mountExplorer.actions.rename')}
        submitLabel={t('mountExplorer.name.rename')}
        current={dialog.entry.name}
        pending={rename.isPending}
        error={rename.error}
        onClose={close}
        onSubmit={(name) =>
          rename.mutate(
            { oldPath: dialog.entry.path, newPath: childPath(folder, name) },
            {
              onSuccess: (result) => {
                close();
                notifications.show({
                  color: result.taskId ? 'blue' : 'green',
                  message: result.taskId
                    ? t('mountExplorer.done.moving', { name })
                    : t('mountExplorer.done.renamed', { name }),
                });
              },
            },
          )
        }
      />
    ) : dialog?.kind === 'delete' ? (
      <DeleteDialog
        entries={dialog.entries}
        pending={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            dialog.entries.map((entry) => entry.path),
            {
              onSuccess: (result) => {
                close();
                onRemoved();
                const queued = result.results.filter((item) => item.queued).length;
                const failed = result.results.filter((item) => !item.success);
                if (failed.length > 0) {
                  notifications.show({
                    color: 'red',
                    message: t('mountExplorer.done.deleteFailed', {
                      count: failed.length,
                      reason: failed[0]?.error ?? '',
                    }),
                  });
                } else {
                  notifications.show({
                    color: queued > 0 ? 'blue' : 'green',
                    message:
                      queued > 0
                        ? t('mountExplorer.done.deleting', { count: queued })
                        : t('mountExplorer.done.deleted', { count: result.success }),
                  });
                }
              },
            },
          )
        }
      />
    ) : dialog?.kind === 'copy' || dialog?.kind === 'move' ? (
      <CopyMoveDialog mode={dialog.kind} entries={dialog.entries} start={folder} onClose={close} />
    ) : dialog?.kind === 'copyLink' ? (
      <CopyLinkDialog entry={dialog.entry} onClose={close} />
    ) : dialog?.kind === 'share' ? (
      <Suspense fallback={null}>
        <ShareDialog entry={dialog.entry} onClose={close} />
      </Suspense>
    ) : dialog?.kind === 'properties' ? (
      <PropertiesDialog entry={dialog.entry} onClose={close} />
    ) : null;

  /** Copy or move needs something to act on (SPEC §8 'no files to copy'). */
  const transfer = (kind: 'copy' | 'move', entries: readonly FsItem[]) => {
    if (entries.length > 0) setDialog({ kind, entries });
    else notifications.show({ color: 'yellow', message: t('explorerMenu.done.nothing') });
  };

  return {
    dialog: element,
    newFolder: () => setDialog({ kind: 'newFolder' }),
    rename: (entry: FsItem) => setDialog({ kind: 'rename', entry }),
    remove: (entries: readonly FsItem[]) => {
      if (entries.length > 0) setDialog({ kind: 'delete', entries });
    },
    copyTo: (entries: readonly FsItem[]) => transfer('copy', entries),
    moveTo: (entries: readonly FsItem[]) => transfer('move', entries),
    copyLink: (entry: FsItem) => setDialog({ kind: 'copyLink', entry }),
    share: (entry: FsItem) => setDialog({ kind: 'share', entry }),
    properties: (entry: FsItem) => setDialog({ kind: 'properties', entry }),
  };
}
