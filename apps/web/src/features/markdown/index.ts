/** The Markdown renderer shared by the paste view, the editor preview and file previews. */
export { MarkdownView } from './MarkdownView';
export type { MarkdownViewProps, MarkdownHeading } from './MarkdownView';
export {
  downloadHtml,
  downloadMarkdown,
  downloadPng,
  printDocument,
  PRINT_HIDE_ATTRIBUTE,
} from './export';
