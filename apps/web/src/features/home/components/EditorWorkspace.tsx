import { SimpleGrid } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor, type MarkdownEditorHandle } from '../../editor';
import type { ViewMode } from '../view-mode';
import { PreviewPane } from './PreviewPane';

import { PANE_HEIGHT } from './pane-height';

/**
 * The editor and the live preview as the view mode says. The editor stays mounted while only
 * the preview shows, so its undo history and cursor survive the switch.
 */
export function EditorWorkspace({
  mode,
  content,
  onChange,
  markdown,
  onSubmit,
  autoFocus,
  editorRef,
}: {
  mode: ViewMode;
  content: string;
  onChange: (content: string) => void;
  markdown: boolean;
  onSubmit: () => void;
  autoFocus: boolean;
  editorRef: Ref<MarkdownEditorHandle>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={mode === 'split' ? 2 : 1} spacing="md">
      <div hidden={mode === 'preview'} style={{ minWidth: 0 }}>
        <MarkdownEditor
          ref={editorRef}
          value={content}
          onChange={onChange}
          label={t('home.editorLabel')}
          markdown={markdown}
          autoFocus={autoFocus}
          onSubmit={onSubmit}
          placeholder={t(markdown ? 'home.placeholderMarkdown' : 'home.placeholderPlain')}
          height={PANE_HEIGHT}
          minHeight={160}
        />
      </div>
      {mode === 'edit' ? null : (
        <PreviewPane source={content} plainText={!markdown} height={PANE_HEIGHT} />
      )}
    </SimpleGrid>
  );
}
