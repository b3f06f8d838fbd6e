import { useComputedColorScheme } from '@mantine/core';
import { useId, useImperativeHandle, useMemo, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import classes from './MarkdownEditor.module.css';
import { useSearchPhrases } from './search-phrases';
import { useCodeMirror } from './use-codemirror';

/** What a parent can do with a mounted editor. */
export interface MarkdownEditorHandle {
  /** Puts the keyboard focus in the text. */
  focus: () => void;
}

export interface MarkdownEditorProps {
  /** The text; a changed value replaces the editor's (re-sending the same one does nothing). */
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the editing surface. */
  label: string;
  /** Markdown highlighting and toolbar; false edits plain text. */
  markdown?: boolean;
  /** Focus the editor when it mounts. */
  autoFocus?: boolean;
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: () => void;
  /** Minimum height of the editing surface, in CSS pixels. */
  minHeight?: number;
  /** Hide the Markdown toolbar (e.g. in compact dialogs). */
  hideToolbar?: boolean;
  /** Shown while the text is empty; a general "write or paste" hint by default. */
  placeholder?: string;
  /** A fixed height (any CSS length) with the text scrolling inside; grows with the text if unset. */
  height?: string;
  ref?: Ref<MarkdownEditorHandle>;
}

/**
 * The CodeMirror 6 editor with a Markdown toolbar. Created once per mount; the colour scheme,
 * mode, label and value follow the props without re-creating it.
 */
export function MarkdownEditor({
  value,
  onChange,
  label,
  markdown = true,
  autoFocus = false,
  onSubmit,
  minHeight = 240,
  hideToolbar = false,
  placeholder,
  height,
  ref,
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const hintId = useId();
  const phrases = useSearchPhrases();
  const { hostRef, apply, focus } = useCodeMirror({
    value,
    onChange,
    onSubmit,
    label,
    describedBy: hintId,
    placeholder: placeholder ?? t('editor.placeholder'),
    markdown,
    dark,
    autoFocus,
    phrases,
  });
  useImperativeHandle(ref, () => ({ focus }), [focus]);

  const style = useMemo(
    () =>
      ({
        // With a fixed height the text fills it, so a click anywhere below the text edits.
        '--editor-min-height': height ? '100%' : `${minHeight}px`,
        '--editor-height': height ? '100%' : 'auto',
        height,
        minHeight: height ? minHeight : undefined,
      }) as CSSProperties,
    [minHeight, height],
  );

  return (
    <div className={classes.root} style={style} data-testid="markdown-editor">
      {markdown && !hideToolbar ? <EditorToolbar onAction={apply} /> : null}
      <div ref={hostRef} className={classes.surface} />
      <div id={hintId} className={classes.hint}>
        {t('editor.escapeHint')}
      </div>
    </div>
  );
}
