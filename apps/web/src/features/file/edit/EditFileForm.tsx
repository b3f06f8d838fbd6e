import { TextInput } from '@mantine/core';
import { FILENAME_MAX, type FileDetail, type UpdateFileRequest } from '@pasteport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ShareEditFormLayout } from '../../../components/share-options/ShareEditFormLayout';
import { FILE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import { useShareEditForm } from '../../../components/share-options/use-share-edit-form';
import { fileDetailKey, MANAGED_FILES_QUERY_KEY, updateFile, type FileScope } from '../api';
import {
  changedFields,
  SERVER_FIELD_TO_FORM,
  toUpdateRequest,
  validateFileForm,
  valuesFromFile,
} from './file-form';

/**
 * The edit form of a loaded file: its name above the share settings. Only the changed fields
 * are sent (see useShareEditForm for how problems and answers are shown).
 */
export function EditFileForm({
  scope,
  file,
  loadedAt,
  onSaved,
  onClose,
}: {
  scope: FileScope;
  file: FileDetail;
  /** When the file was loaded (epoch ms). */
  loadedAt: number;
  onSaved: (saved: FileDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (changes: UpdateFileRequest) => updateFile(scope, file.id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(fileDetailKey(scope, saved.id), saved);
      return queryClient.invalidateQueries({
        queryKey: [...MANAGED_FILES_QUERY_KEY, scope, 'list'],
      });
    },
  });
  const form = useShareEditForm({
    initialValues: () => valuesFromFile(file),
    validate: validateFileForm,
    changedFields: (values) => changedFields(values, file),
    limits: FILE_SHARE_LIMITS,
    ownLimits: { filenameTooLong: FILENAME_MAX },
    message: (problem, max) => t(`file.edit.errors.${problem}`, { max }),
    serverFields: SERVER_FIELD_TO_FORM,
    save: async (values) => {
      const saved = await update.mutateAsync(toUpdateRequest(values, file, new Date()));
      onSaved(saved);
    },
    saving: update.isPending,
    close: onClose,
  });

  return (
    <ShareEditFormLayout keyPrefix="file.edit" share={file} loadedAt={loadedAt} form={form}>
      <TextInput
        label={t('file.edit.filename')}
        description={t('file.edit.filenameHint')}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={FILENAME_MAX + 20}
        value={form.values.filename}
        onChange={(event) => form.change({ filename: event.currentTarget.value }, 'filename')}
        error={form.errors.filename}
        data-autofocus
      />
    </ShareEditFormLayout>
  );
}
