import type { FsItem } from '@pasteport/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import {
  IconBasket,
  IconCopy,
  IconFolderShare,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';

/** What is selected (count and total size of the files) and what can be done with it. */
export function SelectionBar({
  selected,
  writable,
  onRename,
  onDelete,
  onCopyTo,
  onMoveTo,
  onAddToBasket,
  onClear,
}: {
  selected: readonly FsItem[];
  writable: boolean;
  onRename: () => void;
  onDelete: () => void;
  onCopyTo: () => void;
  onMoveTo: () => void;
  onAddToBasket: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bytes = selected.reduce((sum, entry) => sum + (entry.isDirectory ? 0 : entry.size), 0);
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      role="region"
      aria-label={t('mountExplorer.selection.label')}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {t('mountExplorer.selection.summary', {
            count: selected.length,
            size: formatBytes(bytes, i18n.language),
          })}
        </Text>
        <Group gap="xs">
          {writable && selected.length === 1 ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={onRename}
            >
              {t('mountExplorer.actions.rename')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopy size={14} />}
            onClick={onCopyTo}
          >
            {t('explorerMenu.items.copyTo')}
          </Button>
          {writable ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFolderShare size={14} />}
              onClick={onMoveTo}
            >
              {t('explorerMenu.items.moveTo')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBasket size={14} />}
            onClick={onAddToBasket}
          >
            {t('explorerMenu.items.addToBasket')}
          </Button>
          {writable ? (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
            >
              {t('mountExplorer.actions.delete')}
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" leftSection={<IconX size={14} />} onClick={onClear}>
            {t('mountExplorer.selection.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
