/** The CodeMirror 6 Markdown editor, used by Home and by paste editing. */
export { MarkdownEditor } from './MarkdownEditor';
export type { MarkdownEditorHandle, MarkdownEditorProps } from './MarkdownEditor';
