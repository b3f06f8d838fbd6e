import type { FsItem } from '@pasteport/contract';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Names listed in the confirmation before "and N more". */
const NAMES_SHOWN = 8;

/** Confirms a delete, listing what goes (folders with everything in them). */
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
