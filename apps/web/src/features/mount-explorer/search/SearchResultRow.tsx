import type { FsSearchResult } from '@pasteport/contract';
import { ActionIcon, Box, Text, Tooltip } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { EntryIcon } from '../components/EntryIcon';
import { folderOf } from './search-model';
import classes from './SearchOptions.module.css';

export interface SearchResultRowProps {
  result: FsSearchResult;
  id: string;
  active: boolean;
  onHover: () => void;
  onOpen: () => void;
  onOpenFolder: () => void;
}

/**
 * One search result: icon, name, the folder and mount it is in, a file's size. The option
 * opens it; the folder button beside it is for pointers only (an option may hold no control),
 * keyboards have Shift+Enter for the same.
 */
export function SearchResultRow({ result, id, active, ...on }: SearchResultRowProps) {
  const { t, i18n } = useTranslation();
  const folder = folderOf(result);
  // EntryIcon reads a listing entry; a hit carries the same facts under other names.
  const item = { ...result, mimetype: result.contentType };
  return (
    <div className={classes.row} data-active={active || undefined}>
      <div
        id={id}
        role="option"
        aria-selected={active}
        className={classes.option}
        // The input keeps focus: typing and arrows go on where they were.
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={() => !active && on.onHover()}
        onClick={on.onOpen}
      >
        <EntryIcon item={item} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate title={result.name}>
            {result.name}
          </Text>
          <Text size="xs" c="dimmed" truncate title={folder}>
            {t('explorerSearch.location', { folder, mount: result.mount_name })}
          </Text>
        </Box>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {result.isDirectory
            ? t('explorerSearch.folder')
            : formatBytes(result.size, i18n.language)}
        </Text>
      </div>
      <Tooltip label={t('explorerSearch.openFolder')}>
        <ActionIcon
          variant="subtle"
          // A touch target of 40 px (UX.md).
          size={40}
          tabIndex={-1}
          aria-hidden
          data-testid="open-folder"
          onMouseDown={(event) => event.preventDefault()}
          onClick={on.onOpenFolder}
        >
          <IconFolderOpen size={18} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
