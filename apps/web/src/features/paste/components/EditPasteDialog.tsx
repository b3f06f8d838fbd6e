import { Alert, Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  PASTE_REMARK_MAX,
  type PasteDetail,
  type PasteView,
  type UpdatePasteRequest,
} from '@pasteport/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeApiError, serverFieldErrors } from '../../../lib/api';
import { MarkdownEditor } from '../../editor';
import { updatePaste, type PasteScope } from '../api';

type EditField = 'content' | 'remark';
const SERVER_FIELDS: Record<string, EditField> = { content: 'content', remark: 'remark' };

/** Only what changed: a blank remark clears it; nothing changed sends nothing. */
export function editChanges(
  paste: Pick<PasteView, 'content' | 'remark'>,
  content: string,
  remark: string,
): UpdatePasteRequest {
  const changes: UpdatePasteRequest = {};
  if (content !== paste.content) changes.content = content;
  const nextRemark = remark.trim() === '' ? null : remark.trim();
  if (nextRemark !== paste.remark) changes.remark = nextRemark;
  return changes;
}

export interface EditPasteDialogProps {
  paste: PasteView;
  scope: PasteScope;
  manageId: string;
  onClose: () => void;
  /** The PUT answer, shown at once (no new, counted read). */
  onSaved: (detail: PasteDetail) => void;
}

/**
 * Edits the content and remark in place (full screen on phones). The rest (link suffix,
 * password, expiry, view limit) lives in the admin text module, linked from here. A failed
 * save keeps everything typed.
 */
export function EditPasteDialog({
  paste,
  scope,
  manageId,
  onClose,
  onSaved,
}: EditPasteDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 48em)') ?? false;
  const [content, setContent] = useState(paste.content);
  const [remark, setRemark] = useState(paste.remark ?? '');
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const save = useMutation({
    mutationFn: (changes: UpdatePasteRequest) => updatePaste(scope, manageId, changes),
  });
  const changes = editChanges(paste, content, remark);
  const dirty = Object.keys(changes).length > 0;
  const formError =
    save.isError && Object.keys(errors).length === 0 ? describeApiError(save.error, t) : undefined;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (save.isPending) return;
    if (content === '') {
      setErrors({ content: t('pasteView.edit.contentEmpty') });
      return;
    }
    if (remark.trim().length > PASTE_REMARK_MAX) {
      setErrors({ remark: t('pasteView.edit.remarkTooLong', { max: PASTE_REMARK_MAX }) });
      return;
    }
    setErrors({});
    if (!dirty) {
      onClose();
      return;
    }
    save.mutate(changes, {
      onSuccess: (detail) => {
        onSaved(detail);
        notifications.show({ color: 'green', message: t('pasteView.edit.saved') });
        onClose();
      },
      onError: (error) => setErrors(serverFieldErrors(error, SERVER_FIELDS, t)),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('pasteView.edit.title', { slug: paste.slug })}
      size="xl"
      fullScreen={fullScreen}
      // Typed work must not vanish on a stray click beside the dialog.
      closeOnClickOutside={!dirty}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <MarkdownEditor
              value={content}
              onChange={setContent}
              label={t('pasteView.edit.contentLabel')}
              markdown
              autoFocus
              minHeight={200}
              // A fixed height keeps Save in view however long the paste is.
              height="min(55dvh, 560px)"
              onSubmit={() => submit()}
            />
            {errors.content ? (
              <Alert role="alert" color="red" variant="light" py="xs">
                {errors.content}
              </Alert>
            ) : null}
          </Stack>
          <TextInput
            label={t('pasteView.edit.remarkLabel')}
            description={t('pasteView.edit.remarkHint')}
            value={remark}
            onChange={(event) => setRemark(event.currentTarget.value)}
            error={errors.remark}
            maxLength={PASTE_REMARK_MAX}
          />
          {formError ? (
            <Alert role="alert" color="red" variant="light">
              {formError}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Anchor component={Link} to="/admin/text-management" size="sm">
              {t('pasteView.edit.moreSettings')}
            </Anchor>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
