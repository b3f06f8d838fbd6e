import type { FsItem } from '@pasteport/contract';
import {
  IconBrandHtml5,
  IconFile,
  IconFileCode,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconFolder,
  IconMarkdown,
  IconMovie,
  IconMusic,
  IconPhoto,
  IconPresentation,
  IconServer2,
  IconSettings,
} from '@tabler/icons-react';
import { previewChoiceOf, type PreviewKind } from '../../file/preview-kind';
import { extensionOf } from '../listing/entries';

const ARCHIVES = new Set(['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst']);

type IconProps = { size: number; stroke: number; color: string; 'aria-hidden': true };

/** Each kind's icon, drawn with the given props (no component is made while rendering). */
const ICONS = {
  mount: (p: IconProps) => <IconServer2 {...p} />,
  folder: (p: IconProps) => <IconFolder {...p} />,
  archive: (p: IconProps) => <IconFileZip {...p} />,
  markdown: (p: IconProps) => <IconMarkdown {...p} />,
  code: (p: IconProps) => <IconFileCode {...p} />,
  config: (p: IconProps) => <IconSettings {...p} />,
  text: (p: IconProps) => <IconFileText {...p} />,
  html: (p: IconProps) => <IconBrandHtml5 {...p} />,
  pdf: (p: IconProps) => <IconFileTypePdf {...p} />,
  image: (p: IconProps) => <IconPhoto {...p} />,
  video: (p: IconProps) => <IconMovie {...p} />,
  audio: (p: IconProps) => <IconMusic {...p} />,
  office: (p: IconProps) => <IconPresentation {...p} />,
  none: (p: IconProps) => <IconFile {...p} />,
} satisfies Record<string, (p: IconProps) => React.ReactElement>;

export type EntryIconKind = keyof typeof ICONS;

/** The icon kind of an entry: a mount, a folder, an archive or the file's preview kind. */
export function entryIconKind(item: FsItem): EntryIconKind {
  if (item.isMount) return 'mount';
  if (item.isDirectory) return 'folder';
  if (ARCHIVES.has(extensionOf(item.name))) return 'archive';
  return previewChoiceOf(item.name, item.mimetype ?? '').kind satisfies PreviewKind;
}

export function EntryIcon({ item, size = 20 }: { item: FsItem; size?: number }) {
  const color = item.isDirectory ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-dimmed)';
  return ICONS[entryIconKind(item)]({ size, stroke: 1.6, color, 'aria-hidden': true });
}
