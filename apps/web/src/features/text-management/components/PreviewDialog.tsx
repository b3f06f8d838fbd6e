import { Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { DialogFrame, type RowRef } from '../../../components/managed-list';
import { formatBytes } from '../../../lib/format';
import { MarkdownView } from '../../markdown';
import type { PasteScope } from '../../paste/api';
import { usePasteDetail } from '../api';
import { viewsText } from '../../../components/managed-list/view-limit';

type PreviewMode = 'rendered' | 'text';

/**
 * Shows a paste's content through GET …/pastes/{id}, which is never counted as a view
 * (opening /paste/{slug} would be), rendered as Markdown or as plain text.
 */
export function PreviewDialog({
  scope,
  paste,
  onClose,
}: {
  scope: PasteScope;
  paste: RowRef;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = usePasteDetail(scope, paste.id);
  const [mode, setMode] = useState<PreviewMode>('rendered');
  const modeLabelId = useId();

  let body;
  if (detail.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label={t('common.loading')}>
        <Skeleton height={16} width="60%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
      </Stack>
    );
  } else if (detail.isError) {
    body = (
      <LoadFailedAlert
        title={t('textManagement.preview.loadFailed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('textManagement.preview.facts', {
              size: formatBytes(detail.data.size_bytes, i18n.language),
              views: viewsText(detail.data),
            })}
          </Text>
          <Group gap="xs">
            <Text size="sm" id={modeLabelId}>
              {t('textManagement.preview.mode')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby={modeLabelId}
              value={mode}
              onChange={setMode}
              data={[
                { value: 'rendered', label: t('textManagement.preview.rendered') },
                { value: 'text', label: t('textManagement.preview.text') },
              ]}
            />
          </Group>
        </Group>
        <div data-testid="paste-preview">
          <MarkdownView source={detail.data.content} plainText={mode === 'text'} />
        </div>
      </Stack>
    );
  }

  return (
    <DialogFrame
      fillPhone
      title={t('textManagement.preview.title', { slug: paste.slug })}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('textManagement.preview.notCounted')}
        </Text>
        {body}
      </Stack>
    </DialogFrame>
  );
}
