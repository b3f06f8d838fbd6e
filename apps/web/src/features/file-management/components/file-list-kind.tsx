import { Code, Group, Tooltip } from '@mantine/core';
import type { FileDetail } from '@pasteport/contract';
import { IconFiles, IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Cell, type ListColumn, type ListKind } from '../../../components/managed-list';
import type { TranslationResource } from '../../../lib/i18n/resources';
import { filePath, fileShareUrl } from '../../file/api';

/** The file's name, with a lock when it has a password (said in words for screen readers). */
export function FileNameCell({ file }: { file: FileDetail }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {file.has_password ? (
        <Tooltip label={t('fileManagement.passwordProtected')}>
          <IconLock
            size={14}
            aria-label={t('fileManagement.passwordProtected')}
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      ) : null}
      <Cell.Truncated text={file.filename} strong />
    </Group>
  );
}

type ColumnId = Exclude<keyof TranslationResource['fileManagement']['columns'], 'actions'>;

/**
 * How the file listing looks: rows named by file name, columns in table order; a phone card
 * shows the name beside its checkbox, then size and type, link, remark and the counters. A
 * batch delete lists each file by name and link suffix.
 */
export function fileListKind(t: TFunction): ListKind<FileDetail> {
  const column = (id: ColumnId, rest: Omit<ListColumn<FileDetail>, 'id' | 'header'>) => ({
    id,
    header: t(`fileManagement.columns.${id}`),
    ...rest,
  });
  return {
    keys: 'fileManagement',
    testIdPrefix: 'file',
    refOf: ({ id, slug, filename }) => ({ id, slug, name: filename }),
    pathOf: filePath,
    shareUrlOf: fileShareUrl,
    emptyIcon: IconFiles,
    columns: [
      column('name', { width: 240, maw: 220, cell: (file) => <FileNameCell file={file} /> }),
      column('size', { width: 100, priority: 5, cell: (file) => <Cell.Size bytes={file.size} /> }),
      column('type', {
        width: 160,
        priority: 8,
        maw: 140,
        cell: (file) => <Cell.Truncated text={file.mimetype} dimmed mono />,
      }),
      column('link', {
        width: 180,
        maw: 160,
        cell: (file) => <Cell.Slug slug={file.slug} href={filePath(file.slug)} />,
      }),
      column('remark', {
        width: 160,
        priority: 7,
        maw: 140,
        cell: (file) => <Cell.Remark remark={file.remark} />,
      }),
      column('views', {
        width: 110,
        priority: 4,
        labelledOnCard: true,
        cell: (file) => <Cell.Views counts={file} />,
      }),
      column('expires', {
        width: 130,
        priority: 3,
        labelledOnCard: true,
        cell: (file, now) => <Cell.Expiry expiresAt={file.expires_at} now={now} />,
      }),
      column('created', {
        width: 120,
        labelledOnCard: true,
        cell: (file) => <Cell.Created createdAt={file.created_at} />,
      }),
    ],
    card: {
      title: 'name',
      lines: [['size', 'type'], ['link'], ['remark'], ['views', 'expires', 'created']],
    },
    menu: ['preview', 'edit', 'qr', 'copyLink'],
    deleteList: {
      testId: 'files-to-delete',
      renderItem: (file) => (
        <>
          {file.name} <Code>{file.slug}</Code>
        </>
      ),
    },
  };
}
