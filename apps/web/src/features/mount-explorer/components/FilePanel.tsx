import { Alert, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { describeApiError } from '../../../lib/api';
import { useEntryInfo } from '../api';
import { FileFacts } from '../preview/FileFacts';
import { FileWorkspace } from '../preview/FileWorkspace';
import { useTextEdit } from '../preview/use-text-edit';

/** Props of FilePanel. */
export interface FilePanelProps {
  /** The previewed entry's full path (from `?preview=`); undefined closes the panel. */
  path: string | undefined;
  /** Whether its folder may be written (`fs/list` → `writable`): text files may be edited. */
  writable: boolean;
  /** Drops `?preview=`; called only once unsaved changes are discarded. */
  onClose: () => void;
}

/**
 * The file named by `?preview=`: its facts, download / open, the file page's preview, and
 * for a text file in a writable folder an editor. Unsaved changes are never dropped without
 * asking, whether by Cancel or by closing the panel.
 */
export function FilePanel({ path, writable, onClose }: FilePanelProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const info = useEntryInfo(path);
  const edit = useTextEdit(path);
  const [asking, setAsking] = useState<'cancel' | 'close' | null>(null);

  function leave(kind: 'cancel' | 'close') {
    if (edit.dirty) return setAsking(kind);
    if (kind === 'close') onClose();
    else edit.stop();
  }

  function discard() {
    const kind = asking;
    setAsking(null);
    edit.stop();
    if (kind === 'close') onClose();
  }

  const name = info.data?.name ?? path?.split('/').at(-1) ?? '';
  let body;
  if (info.isPending) body = <Loader size="sm" aria-label={t('mountExplorer.loading')} />;
  else if (info.isError) {
    body = (
      <Alert role="alert" color="red" variant="light">
        {describeApiError(info.error, t)}
      </Alert>
    );
  } else if (info.data.isDirectory) {
    body = <FileFacts entry={info.data} />;
  } else {
    body = (
      <Stack gap="md">
        <FileFacts entry={info.data} />
        <FileWorkspace
          file={info.data}
          writable={writable}
          edit={edit}
          onCancel={() => leave('cancel')}
        />
      </Stack>
    );
  }

  return (
    <>
      <Drawer
        opened={path !== undefined}
        onClose={() => leave('close')}
        // Esc belongs to the editor while editing (CodeMirror's way out is Esc, then Tab).
        closeOnEscape={edit.state.step === 'preview'}
        position="right"
        size={phone ? '100%' : 'clamp(640px, 55%, 1100px)'}
        title={
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {name}
          </Text>
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {body}
      </Drawer>
      {asking ? (
        <ConfirmDialog
          title={t('explorerPreview.discard.title')}
          body={<Text size="sm">{t('explorerPreview.discard.body', { name })}</Text>}
          confirmLabel={t('explorerPreview.discard.confirm')}
          pending={false}
          onConfirm={discard}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}
