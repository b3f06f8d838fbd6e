import type { FsItem } from '@pasteport/contract';
import { Alert, List, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { sharedWarningOf, useSharedPaths, type SharedWarning } from './use-shared-paths';

/** Names listed in the confirmation before "and N more". */
const NAMES_SHOWN = 8;

/** The sentence of a shared-files warning, in the caller's language. */
function useSharedWarningText(warning: SharedWarning | null): string | null {
  const { t } = useTranslation();
  if (!warning) return null;
  switch (warning.kind) {
    case 'file':
      return t('explorerDeleteShared.file', { count: warning.shares });
    case 'folder':
      return t('explorerDeleteShared.folder');
    default:
      return t(`explorerDeleteShared.${warning.kind}`, { count: warning.count });
  }
}

/**
 * Confirms a delete, listing what goes (folders with everything in them), and warns when some
 * of it is shared: a share made from a mount points at the object, so its link stops working.
 * The check runs as the dialog opens; confirming never waits for it.
 */
export function DeleteDialog({
  entries,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  entries: readonly FsItem[];
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const folders = entries.filter((entry) => entry.isDirectory).length;
  const rest = entries.length - NAMES_SHOWN;
  const paths = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const shared = useSharedPaths(paths);
  const warning = useSharedWarningText(shared.data ? sharedWarningOf(entries, shared.data) : null);
  return (
    <ConfirmDialog
      title={t('mountExplorer.delete.title', { count: entries.length })}
      body={
        <>
          <List size="sm" spacing={2}>
            {entries.slice(0, NAMES_SHOWN).map((entry) => (
              <List.Item key={entry.path} style={{ wordBreak: 'break-all' }}>
                {entry.isDirectory ? `${entry.name}/` : entry.name}
              </List.Item>
            ))}
          </List>
          {rest > 0 ? (
            <Text size="sm" c="dimmed">
              {t('mountExplorer.delete.more', { count: rest })}
            </Text>
          ) : null}
          <Text size="sm">
            {folders > 0 ? t('mountExplorer.delete.withFolders') : t('mountExplorer.delete.files')}
          </Text>
          {warning ? (
            <Alert
              role="status"
              color="yellow"
              variant="light"
              icon={<IconLinkOff size={18} aria-hidden />}
            >
              {warning}
            </Alert>
          ) : null}
        </>
      }
      confirmLabel={t('mountExplorer.delete.confirm')}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
