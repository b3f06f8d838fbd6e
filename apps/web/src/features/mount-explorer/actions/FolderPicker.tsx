import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useDirectory } from '../api';
import { ExplorerBreadcrumbs } from '../components/ExplorerBreadcrumbs';
import { crumbsOf } from '../location';
import { folderRefusal } from './folder-choice';

export interface FolderPickerProps {
  title: string;
  /** The folder it opens in (usually the explorer's current one). */
  start: string;
  /** Paths being copied or moved: they and their folders cannot be chosen. */
  sources: readonly string[];
  chooseLabel: string;
  pending?: boolean;
  error?: unknown;
  /** Replaces the buttons while the operation runs (e.g. progress and a stop button). */
  busy?: ReactNode;
  onChoose: (folder: string) => void;
  onClose: () => void;
}

/**
 * A dialog browsing the mount tree for a target folder: breadcrumbs, the folders of the folder
 * in view (a big folder a page at a time) and "choose this folder", refused with its reason
 * for a source, the sources' own folder or a read-only place.
 */
export function FolderPicker(props: FolderPickerProps) {
  const { t } = useTranslation();
  const { session } = useAuth();
  const basicPath = session.type === 'apikey' ? session.info.basic_path : '/';
  const [folder, setFolder] = useState(props.start);
  const query = useDirectory(folder);
  const reasonId = useId();
  const pages = query.data?.pages ?? [];
  const folders = pages.flatMap((page) => page.items).filter((item) => item.isDirectory);
  // Folders come before files: once a page holds a file, the next pages hold only files.
  const moreFolders =
    query.hasNextPage && (pages.at(-1)?.items.every((item) => item.isDirectory) ?? false);
  const writable = pages[0]?.writable ?? false;
  const refusal = query.data ? folderRefusal(folder, props.sources, writable) : undefined;
  const crumbs = crumbsOf(folder, basicPath);
  const folderName = crumbs.at(-1)?.name || t('explorerMenu.picker.root');

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <ExplorerBreadcrumbs path={folder} basicPath={basicPath} onNavigate={setFolder} />
        <ScrollArea.Autosize mah={320} type="auto">
          {query.isPending ? (
            <Loader size="sm" aria-label={t('explorerMenu.picker.loading')} />
          ) : query.isError && !query.data ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(query.error, t)}
            </Alert>
          ) : folders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('explorerMenu.picker.noFolders')}
            </Text>
          ) : (
            <Stack
              gap={2}
              role="list"
              aria-label={t('explorerMenu.picker.folders', { name: folderName })}
            >
              {folders.map((item) => (
                <div role="listitem" key={item.path}>
                  <Button
                    variant="subtle"
                    color="gray"
                    justify="flex-start"
                    fullWidth
                    mih={40}
                    leftSection={<IconFolder size={18} aria-hidden />}
                    aria-label={t('explorerMenu.picker.openFolder', { name: item.name })}
                    onClick={() => setFolder(item.path)}
                  >
                    <Text size="sm" truncate="end" title={item.name}>
                      {item.name}
                    </Text>
                  </Button>
                </div>
              ))}
            </Stack>
          )}
          {moreFolders ? (
            <Button
              variant="default"
              size="xs"
              mt="xs"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('explorerMenu.picker.loadMore')}
            </Button>
          ) : null}
        </ScrollArea.Autosize>
        {refusal ? (
          <Text size="sm" c="dimmed" id={reasonId}>
            {t(`explorerMenu.picker.${refusal}`)}
          </Text>
        ) : null}
        {props.error ? (
          <Alert role="alert" color="red" variant="light">
            {describeApiError(props.error, t)}
          </Alert>
        ) : null}
        {props.busy ?? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              disabled={!query.data || refusal !== undefined}
              loading={props.pending}
              aria-describedby={refusal ? reasonId : undefined}
              onClick={() => props.onChoose(folder)}
            >
              {props.chooseLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
