import { Alert, Button, Loader, Stack } from '@mantine/core';
import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { LazyTextEditor } from './lazy';
import type { EditStep } from './use-text-edit';

export interface EditAreaProps {
  name: string;
  /** Markdown files get the Markdown highlighting and toolbar; others are edited as plain text. */
  markdown: boolean;
  state: Exclude<EditStep, { step: 'preview' }>;
  /** The draft is over the editor's limit: saving is refused until it is shorter. */
  overLimit: boolean;
  /** The last save's failure; the draft stays as it is. */
  saveError: unknown;
  onChange: (text: string) => void;
  onSave: () => void;
  onRetryLoad: () => void;
}

/** The file's text in the CodeMirror editor, with what stands between it and a save. */
export function EditArea({
  name,
  markdown,
  state,
  overLimit,
  saveError,
  onChange,
  onSave,
  onRetryLoad,
}: EditAreaProps) {
  const { t, i18n } = useTranslation();
  const loading = <Loader size="sm" aria-label={t('explorerPreview.loadingText')} />;
  if (state.step === 'loading') return loading;
  if (state.step === 'failed') {
    return (
      <Alert role="alert" color="red" variant="light" title={t('explorerPreview.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {describeApiError(state.error, t)}
          <Button size="xs" variant="default" onClick={onRetryLoad}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {overLimit ? (
        <Alert color="orange" variant="light" aria-live="polite">
          {t('explorerPreview.overLimit', {
            max: formatBytes(EDITOR_CONTENT_MAX_BYTES, i18n.language),
          })}
        </Alert>
      ) : null}
      {saveError != null ? (
        <Alert role="alert" color="red" variant="light" title={t('explorerPreview.saveFailed')}>
          {describeApiError(saveError, t)}
        </Alert>
      ) : null}
      <Suspense fallback={loading}>
        <LazyTextEditor
          value={state.draft}
          onChange={onChange}
          onSubmit={onSave}
          label={t('explorerPreview.editorLabel', { name })}
          markdown={markdown}
          placeholder={t('explorerPreview.emptyFile')}
          autoFocus
          minHeight={240}
          height="60vh"
        />
      </Suspense>
    </Stack>
  );
}
