import { em, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { FileDetail } from '@pasteport/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { fileDetailKey, getFile, type FileScope } from '../api';
import { EditFileForm } from './EditFileForm';

/** Narrower than this, the dialog fills the screen. */
const PHONE_MAX_WIDTH_PX = 599;

export interface EditFileDialogProps {
  scope: FileScope;
  /** The id for …/files/{id} (the file page's `manage_id`). */
  id: string;
  /** The file's name, for the title while it loads. */
  name: string;
  onClose: () => void;
  /** The PUT answer, shown at once by the caller (no new, counted read). */
  onSaved?: (saved: FileDetail) => void;
}

/**
 * Edits a file's name, link, remark, expiry, view limit and password (full screen on a phone).
 * The form starts from a fresh read through the management endpoint, which never counts a
 * view, so an edit cannot quietly undo what changed since the page or list was loaded.
 */
export function EditFileDialog({ scope, id, name, onClose, onSaved }: EditFileDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH_PX)})`) ?? false;
  const detail = useQuery({
    queryKey: fileDetailKey(scope, id),
    queryFn: ({ signal }) => getFile(scope, id, signal),
    staleTime: 0,
  });
  // Latched once: a background refetch (e.g. after saving) must not reset what is typed.
  const [loaded, setLoaded] = useState<{ file: FileDetail; at: number }>();
  if (!loaded && detail.data && !detail.isFetching) {
    setLoaded({ file: detail.data, at: detail.dataUpdatedAt });
  }

  function saved(file: FileDetail) {
    notifications.show({ color: 'green', message: t('file.edit.saved', { name: file.filename }) });
    onSaved?.(file);
  }

  let body;
  if (loaded) {
    body = (
      <EditFileForm
        scope={scope}
        file={loaded.file}
        loadedAt={loaded.at}
        onSaved={saved}
        onClose={onClose}
      />
    );
  } else if (detail.isError) {
    body = (
      <LoadFailedAlert
        title={t('file.edit.loadFailed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    body = (
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={36} radius="sm" />
        <Skeleton height={120} radius="sm" />
        <Skeleton height={36} radius="sm" />
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={fullScreen}
      title={t('file.edit.title', { name: loaded?.file.filename ?? name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {body}
    </Modal>
  );
}
