import { Skeleton, Stack } from '@mantine/core';
import type { PasteDetail } from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { DialogFrame, type RowRef } from '../../../components/managed-list';
import type { PasteScope } from '../../paste/api';
import { usePasteDetail } from '../api';
import { EditPasteForm } from './EditPasteForm';

/**
 * Edits a paste (full screen on a phone). The form starts from a fresh read of the paste, never
 * a cached one, so an edit cannot quietly undo what changed since the list was loaded.
 */
export function EditPasteDialog({
  scope,
  paste,
  onClose,
}: {
  scope: PasteScope;
  paste: RowRef;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = usePasteDetail(scope, paste.id, { fresh: true });
  // Latched once: a background refetch (e.g. after saving) must not reset what is typed.
  const [loaded, setLoaded] = useState<{ paste: PasteDetail; at: number }>();
  if (!loaded && detail.data && !detail.isFetching) {
    setLoaded({ paste: detail.data, at: detail.dataUpdatedAt });
  }

  let body;
  if (loaded) {
    body = (
      <EditPasteForm scope={scope} paste={loaded.paste} loadedAt={loaded.at} onClose={onClose} />
    );
  } else if (detail.isError) {
    body = (
      <LoadFailedAlert
        title={t('textManagement.form.loadFailed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    body = (
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={240} radius="sm" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={36} radius="sm" />
      </Stack>
    );
  }

  return (
    <DialogFrame
      fillPhone
      title={t('textManagement.form.title', { slug: paste.slug })}
      onClose={onClose}
    >
      {body}
    </DialogFrame>
  );
}
