import type { FsItem } from '@pasteport/contract';
import { Alert, Loader, Modal, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useDirectory, useEntryInfo } from '../api';

/**
 * Properties: what the listing knows of an entry and what `GET /api/fs/get` adds (content
 * type, ETag, storage). A folder's item count comes from its first listing page (the one the
 * explorer would load anyway): exact when the folder fits on it, "more than" otherwise.
 */
export function PropertiesDialog({ entry, onClose }: { entry: FsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const info = useEntryInfo(entry.path);
  const language = i18n.language;
  const data = info.data;
  const unknown = t('explorerMenu.properties.unknown');
  const modified = data?.modified ?? entry.modified;
  const rows: [string, ReactNode][] = [
    [t('explorerMenu.properties.name'), entry.name],
    [t('explorerMenu.properties.path'), entry.path],
    [
      t('explorerMenu.properties.kind'),
      entry.isMount
        ? t('explorerMenu.properties.mount')
        : entry.isDirectory
          ? t('explorerMenu.properties.folder')
          : t('explorerMenu.properties.file'),
    ],
    ...(entry.isDirectory
      ? [
          [t('explorerMenu.properties.items'), <FolderCount key="count" path={entry.path} />] as [
            string,
            ReactNode,
          ],
        ]
      : [
          [t('explorerMenu.properties.size'), formatBytes(data?.size ?? entry.size, language)] as [
            string,
            ReactNode,
          ],
          [t('explorerMenu.properties.type'), data?.mimetype ?? entry.mimetype ?? unknown] as [
            string,
            ReactNode,
          ],
        ]),
    [
      t('explorerMenu.properties.modified'),
      modified ? formatDateTime(modified, language) : unknown,
    ],
    ...(data && !data.isDirectory
      ? [[t('explorerMenu.properties.etag'), data.etag] as [string, ReactNode]]
      : []),
    ...(data?.storage_type
      ? [[t('explorerMenu.properties.storage'), data.storage_type] as [string, ReactNode]]
      : []),
  ];

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('explorerMenu.properties.title', { name: entry.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130}>{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {info.isPending ? (
        <Loader size="xs" mt="xs" aria-label={t('explorerMenu.properties.loading')} />
      ) : info.isError ? (
        <Alert role="alert" color="red" variant="light" mt="sm">
          {describeApiError(info.error, t)}
        </Alert>
      ) : null}
    </Modal>
  );
}

/** A folder's item count from its first listing page. */
function FolderCount({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const listing = useDirectory(path);
  const first = listing.data?.pages[0];
  if (!first) return listing.isError ? t('explorerMenu.properties.unknown') : <Loader size="xs" />;
  const formatted = first.items.length.toLocaleString(i18n.language);
  return first.next_cursor
    ? t('explorerMenu.properties.itemCountMore', { formatted })
    : t('explorerMenu.properties.itemCount', { count: first.items.length, formatted });
}
