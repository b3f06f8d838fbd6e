import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EDITOR_CONTENT_MAX_BYTES, type PasteDetail } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { ShareEditFormLayout } from '../../../components/share-options/ShareEditFormLayout';
import { PASTE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import { useShareEditForm } from '../../../components/share-options/use-share-edit-form';
import { isApiError } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { MarkdownEditor } from '../../editor';
import type { PasteScope } from '../../paste/api';
import { useUpdatePaste } from '../api';
import {
  changedFields,
  SERVER_FIELD_TO_FORM,
  toUpdateRequest,
  validatePasteForm,
  valuesFromPaste,
} from '../paste-form';

/**
 * The edit form of a loaded paste: its content above the share settings. Only the changed
 * fields are sent (see useShareEditForm for how problems and answers are shown).
 */
export function EditPasteForm({
  scope,
  paste,
  loadedAt,
  onClose,
}: {
  scope: PasteScope;
  paste: PasteDetail;
  /** When the paste was loaded (epoch ms). */
  loadedAt: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePaste(scope);
  const form = useShareEditForm({
    initialValues: () => valuesFromPaste(paste),
    validate: validatePasteForm,
    changedFields: (values) => changedFields(values, paste),
    limits: PASTE_SHARE_LIMITS,
    ownLimits: { contentTooLarge: formatBytes(EDITOR_CONTENT_MAX_BYTES, i18n.language) },
    message: (problem, max) => t(`textManagement.form.errors.${problem}`, { max }),
    serverFields: SERVER_FIELD_TO_FORM,
    failureField: (error) =>
      isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE' ? 'content' : undefined,
    save: async (values) => {
      const changes = toUpdateRequest(values, paste, new Date());
      const saved = await update.mutateAsync({ id: paste.id, changes });
      notifications.show({
        color: 'green',
        message: t('textManagement.saved', { slug: saved.slug }),
      });
    },
    saving: update.isPending,
    close: onClose,
  });

  return (
    <ShareEditFormLayout
      keyPrefix="textManagement.form"
      share={paste}
      loadedAt={loadedAt}
      form={form}
    >
      <Stack gap={4}>
        <MarkdownEditor
          label={t('textManagement.form.content')}
          value={form.values.content}
          onChange={(content) => form.change({ content }, 'content')}
          onSubmit={() => void form.submit()}
          hideToolbar={false}
          minHeight={240}
        />
        {form.errors.content ? (
          <Text size="sm" c="red">
            {form.errors.content}
          </Text>
        ) : null}
      </Stack>
    </ShareEditFormLayout>
  );
}
