import { Button, Stack, Text } from '@mantine/core';
import { EDITOR_CONTENT_MAX_BYTES, type FsInfo } from '@pasteport/contract';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { previewChoiceOf } from '../../file/preview-kind';
import { usePreviewLink, useSaveTextFile } from './api';
import { EditArea } from './EditArea';
import { editOfferOf, exceedsEditorLimit } from './edit-rules';
import { FileLinkButtons } from './FileLinkButtons';
import { PreviewArea } from './PreviewArea';
import type { useTextEdit } from './use-text-edit';

/** A file (not a folder) as `GET /api/fs/get` describes it. */
export type FsFileInfo = Extract<FsInfo, { isDirectory: false }>;

export interface FileWorkspaceProps {
  file: FsFileInfo;
  writable: boolean;
  edit: ReturnType<typeof useTextEdit>;
  /** Leave the editor; the panel asks first when there are unsaved changes. */
  onCancel: () => void;
}

/**
 * A file's actions and its preview, or its text in the editor: Edit for a text file in a
 * writable folder, then Save (`fs/update`) or Cancel.
 */
export function FileWorkspace({ file, writable, edit, onCancel }: FileWorkspaceProps) {
  const { t, i18n } = useTranslation();
  const [revision, setRevision] = useState(0);
  const save = useSaveTextFile();
  const link = usePreviewLink(file);
  const offer = editOfferOf({ ...file, writable });
  const { state } = edit;
  const draft = state.step === 'editing' ? state.draft : '';
  const overLimit = useMemo(() => exceedsEditorLimit(draft), [draft]);

  function startEditing() {
    if (link.data === undefined) return;
    save.reset();
    edit.start(link.data);
  }

  async function saveDraft() {
    if (state.step !== 'editing' || overLimit || save.isPending) return;
    try {
      await save.mutateAsync({ path: file.path, content: state.draft });
    } catch {
      return; // Shown by the editor; the draft stays.
    }
    notifications.show({
      color: 'green',
      message: t('explorerPreview.saved', { name: file.name }),
    });
    edit.stop();
    setRevision((current) => current + 1);
  }

  const editing = state.step !== 'preview';
  let editButtons = null;
  if (editing) {
    editButtons = (
      <>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={save.isPending}
          disabled={state.step !== 'editing' || overLimit}
          onClick={() => void saveDraft()}
        >
          {t('common.save')}
        </Button>
        <Button variant="default" onClick={onCancel} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
      </>
    );
  } else if (offer === 'editable') {
    editButtons = (
      <Button
        variant="default"
        leftSection={<IconPencil size={16} aria-hidden />}
        disabled={link.data === undefined}
        onClick={startEditing}
      >
        {t('common.edit')}
      </Button>
    );
  } else if (offer === 'tooLarge') {
    editButtons = (
      <Text size="xs" c="dimmed">
        {t('explorerPreview.tooLargeToEdit', {
          max: formatBytes(EDITOR_CONTENT_MAX_BYTES, i18n.language),
        })}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <FileLinkButtons path={file.path}>{editButtons}</FileLinkButtons>
      {editing ? (
        <EditArea
          name={file.name}
          markdown={previewChoiceOf(file.name, file.mimetype ?? '').kind === 'markdown'}
          state={state}
          overLimit={overLimit}
          saveError={save.error}
          onChange={edit.change}
          onSave={() => void saveDraft()}
          onRetryLoad={startEditing}
        />
      ) : (
        <PreviewArea file={file} revision={revision} />
      )}
    </Stack>
  );
}
