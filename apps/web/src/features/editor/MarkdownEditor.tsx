import { Textarea } from '@mantine/core';

export interface MarkdownEditorProps {
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
}

// Placeholder until the CodeMirror editor lands: a plain textarea with the same contract.
export function MarkdownEditor({ value, onChange, label, autoFocus }: MarkdownEditorProps) {
  return (
    <Textarea
      aria-label={label}
      value={value}
      autoFocus={autoFocus}
      autosize
      minRows={10}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
