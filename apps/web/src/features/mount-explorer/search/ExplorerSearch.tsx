import { Button, Tooltip } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog and the local database behind its history: loaded the first time it opens. */
const SearchDialog = lazy(() =>
  import('./SearchDialog').then((module) => ({ default: module.SearchDialog })),
);

export interface ExplorerSearchProps {
  /** The folder the explorer shows: the "This folder and below" scope. */
  path: string;
  /**
   * The mount that folder lies in (`mount_id` of its `GET /api/fs/list` answer): the "This
   * mount" scope. Null above every mount, or while the listing has not answered.
   */
  mountId: string | null;
}

/**
 * The explorer's search: a toolbar button, and Ctrl+K / Cmd+K from anywhere on the page (in
 * an input too), open the search dialog.
 */
export function ExplorerSearch({ path, mountId }: ExplorerSearchProps) {
  const { t } = useTranslation();
  const os = useOs();
  const [opened, setOpened] = useState(false);
  // No tags ignored: the shortcut works while typing in the filter as well.
  useHotkeys([['mod+K', () => setOpened(true)]], []);
  const keys = os === 'macos' || os === 'ios' ? '⌘K' : 'Ctrl+K';

  return (
    <>
      <Tooltip label={t('explorerSearch.buttonTooltip', { keys })}>
        <Button
          variant="default"
          leftSection={<IconSearch size={16} />}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setOpened(true)}
        >
          {t('explorerSearch.button')}
        </Button>
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <SearchDialog place={{ path, mountId }} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
