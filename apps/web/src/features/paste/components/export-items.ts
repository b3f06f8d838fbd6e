import { IconFileCode, IconMarkdown, IconPhoto, IconPrinter, type Icon } from '@tabler/icons-react';
import type { ExportFormat } from '../view/use-export-actions';

/** The export menu entries, in menu order, shared by the wide and the phone menus. */
export const EXPORT_ITEMS: readonly { format: ExportFormat; Icon: Icon }[] = [
  { format: 'markdown', Icon: IconMarkdown },
  { format: 'html', Icon: IconFileCode },
  { format: 'pdf', Icon: IconPrinter },
  { format: 'png', Icon: IconPhoto },
];
