import {
  IconFile,
  IconFileCode,
  IconFileMusic,
  IconFileSettings,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeHtml,
  IconFileTypePdf,
  IconFileZip,
  IconMarkdown,
  IconMovie,
  IconPhoto,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';
import { extensionOf, previewChoiceOf, type PreviewKind } from '../preview-kind';

const KIND_ICONS: Record<PreviewKind, Icon> = {
  markdown: IconMarkdown,
  code: IconFileCode,
  config: IconFileSettings,
  text: IconFileText,
  html: IconFileTypeHtml,
  pdf: IconFileTypePdf,
  image: IconPhoto,
  video: IconMovie,
  audio: IconFileMusic,
  office: IconFileText,
  none: IconFile,
};

const ARCHIVES = new Set(['zip', '7z', 'rar', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst']);
const SPREADSHEETS = new Set(['xls', 'xlsx', 'ods', 'csv']);
const SLIDES = new Set(['ppt', 'pptx', 'odp']);

/** The icon that says what kind of file this is, at a glance. */
export function fileIconOf(filename: string, mimetype: string): Icon {
  const extension = extensionOf(filename);
  if (ARCHIVES.has(extension)) return IconFileZip;
  if (SPREADSHEETS.has(extension)) return IconFileSpreadsheet;
  if (SLIDES.has(extension)) return IconPresentation;
  return KIND_ICONS[previewChoiceOf(filename, mimetype).kind];
}
