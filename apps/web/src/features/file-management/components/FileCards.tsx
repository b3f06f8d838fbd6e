import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { FileActionsMenu } from './FileActionsMenu';
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
import { pageSelection, type FileListViewProps } from './FileTable';

/** A value with its column name before it, as the cards have no header row. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The listing on a phone: one card per file, no sideways scrolling, the menu in reach. */
export function FileCards({
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
    <Stack gap="sm">
      <Checkbox
        size="md"
        label={t('fileManagement.selectAll')}
        checked={all}
        indeterminate={some}
        onChange={(event) => onToggleAll(event.currentTarget.checked)}
      />
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('fileManagement.tableLabel')}>
        {files.map((file) => (
          <Card
            component="li"
            key={file.id}
            withBorder
            padding="sm"
            data-testid="file-row"
            data-slug={file.slug}
            style={{ listStyle: 'none' }}
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <SelectFileCheckbox
                    size="md"
                    file={file}
                    checked={selected.has(file.id)}
                    onToggle={onToggle}
                  />
                  <FileNameCell file={file} />
                </Group>
                <FileActionsMenu file={file} onAction={onAction} />
              </Group>
              <Group gap="md" wrap="wrap">
                <Text size="sm">{formatBytes(file.size, i18n.language)}</Text>
                <TruncatedText text={file.mimetype} dimmed mono />
              </Group>
              <SlugLink slug={file.slug} />
              <RemarkText remark={file.remark} />
              <Group gap="md" wrap="wrap">
                <Labelled label={t('fileManagement.columns.views')}>
                  <ViewsCell file={file} />
                </Labelled>
                <Labelled label={t('fileManagement.columns.expires')}>
                  <ExpiryCell expiresAt={file.expires_at} now={now} />
                </Labelled>
                <Labelled label={t('fileManagement.columns.created')}>
                  <CreatedCell createdAt={file.created_at} />
                </Labelled>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
