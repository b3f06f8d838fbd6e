import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FileDetail } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { FileActionsMenu, type FileAction } from './FileActionsMenu';
import {
  CreatedCell,
  ExpiryCell,
  FileNameCell,
  RemarkText,
  SelectFileCheckbox,
  SlugLink,
  TruncatedText,
  ViewsCell,
} from './FileCells';

/** Props shared by the table and the phone cards. */
export interface FileListViewProps {
  files: readonly FileDetail[];
  /** The moment the page was loaded, for "expired". */
  now: number;
  selected: ReadonlySet<string>;
  onToggle: (file: FileDetail, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onAction: (action: FileAction, file: FileDetail) => void;
}

/** How the "select all on this page" box reads: all, some (indeterminate) or none. */
export function pageSelection(files: readonly FileDetail[], selected: ReadonlySet<string>) {
  const count = files.filter((file) => selected.has(file.id)).length;
  return { all: count > 0 && count === files.length, some: count > 0 && count < files.length };
}

/** The listing on wider screens; it scrolls sideways inside its own container, never the page. */
export function FileTable({
  files,
  now,
  selected,
  onToggle,
  onToggleAll,
  onAction,
}: FileListViewProps) {
  const { t, i18n } = useTranslation();
  const { all, some } = pageSelection(files, selected);

  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={t('fileManagement.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('fileManagement.selectAll')}
                checked={all}
                indeterminate={some}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>{t('fileManagement.columns.name')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.size')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.type')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.link')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.remark')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.views')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.expires')}</Table.Th>
            <Table.Th>{t('fileManagement.columns.created')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('fileManagement.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr
              key={file.id}
              data-testid="file-row"
              data-slug={file.slug}
              bg={selected.has(file.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <SelectFileCheckbox
                  file={file}
                  checked={selected.has(file.id)}
                  onToggle={onToggle}
                />
              </Table.Td>
              <Table.Td maw={240}>
                <FileNameCell file={file} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(file.size, i18n.language)}
                </Text>
              </Table.Td>
              <Table.Td maw={160}>
                <TruncatedText text={file.mimetype} dimmed mono />
              </Table.Td>
              <Table.Td maw={180}>
                <SlugLink slug={file.slug} />
              </Table.Td>
              <Table.Td maw={180}>
                <RemarkText remark={file.remark} />
              </Table.Td>
              <Table.Td>
                <ViewsCell file={file} />
              </Table.Td>
              <Table.Td>
                <ExpiryCell expiresAt={file.expires_at} now={now} />
              </Table.Td>
              <Table.Td>
                <CreatedCell createdAt={file.created_at} />
              </Table.Td>
              <Table.Td>
                <FileActionsMenu file={file} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
