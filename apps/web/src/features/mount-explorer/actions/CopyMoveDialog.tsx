import type { FsItem } from '@pasteport/contract';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { childPath } from '../location';
import { useBatchCopy, useMoveEntries } from './api';
import { copyNotices, everyMoveFailed, folderLabel, moveNotices } from './copy-move-summary';
import { FolderPicker } from './FolderPicker';

export interface CopyMoveDialogProps {
  mode: 'copy' | 'move';
  entries: readonly FsItem[];
  /** The folder the picker opens in. */
  start: string;
  onClose: () => void;
}

/**
 * Copy to… / Move to…: a folder picker, then the operation. A copy is one batch-copy (same
 * storage done at once, across storages a copy task); a move renames entry by entry (a folder
 * goes on as a task) and can be stopped between entries. The outcome is told in notifications;
 * a refused request (or a move where nothing moved) keeps the picker open with the reason.
 */
export function CopyMoveDialog({ mode, entries, start, onClose }: CopyMoveDialogProps) {
  const { t } = useTranslation();
  const copy = useBatchCopy();
  const move = useMoveEntries();
  const [moveError, setMoveError] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const stop = useRef(false);
  const first = entries[0]?.name ?? '';
  const count = entries.length;

  function notify(notices: readonly { color: string; message: string }[]) {
    for (const notice of notices) notifications.show(notice);
  }

  function choose(folder: string) {
    const label = folderLabel(folder, t);
    if (mode === 'copy') {
      const items = entries.map((entry) => ({
        sourcePath: entry.path,
        targetPath: childPath(folder, entry.name),
      }));
      copy.mutate(items, {
        onSuccess: (outcome) => {
          onClose();
          notify(copyNotices(outcome, label, t));
        },
      });
      return;
    }
    stop.current = false;
    setMoveError(null);
    setProgress(0);
    move.mutate(
      { entries, folder, stopped: () => stop.current, onProgress: setProgress },
      {
        onSuccess: (results) => {
          setProgress(null);
          const failure = results[0];
          // One entry refused (its name is taken there…): the user may choose another folder.
          if (everyMoveFailed(results) && failure?.status === 'failed' && count === 1) {
            setMoveError(failure.error);
            return;
          }
          onClose();
          notify(moveNotices(results, label, t));
        },
        onError: (error) => {
          setProgress(null);
          setMoveError(error);
        },
      },
    );
  }

  const busy =
    progress === null ? undefined : (
      <Group justify="space-between" gap="sm">
        <Text size="sm" aria-live="polite">
          {t('explorerMenu.picker.moving', { done: progress, total: count })}
        </Text>
        <Button
          variant="default"
          onClick={() => {
            stop.current = true;
          }}
        >
          {t('explorerMenu.picker.stop')}
        </Button>
      </Group>
    );

  return (
    <FolderPicker
      title={
        mode === 'copy'
          ? t('explorerMenu.picker.copyTitle', { count, name: first })
          : t('explorerMenu.picker.moveTitle', { count, name: first })
      }
      start={start}
      sources={entries.map((entry) => entry.path)}
      chooseLabel={
        mode === 'copy' ? t('explorerMenu.picker.copyHere') : t('explorerMenu.picker.moveHere')
      }
      pending={copy.isPending || move.isPending}
      error={mode === 'copy' ? copy.error : moveError}
      busy={busy}
      onChoose={choose}
      onClose={() => {
        // Closing while a move runs stops it after the entry in flight; the dialog then
        // closes itself, saying what moved and what was left (SPEC §8 "operation cancelled").
        if (progress !== null) stop.current = true;
        else onClose();
      }}
    />
  );
}
