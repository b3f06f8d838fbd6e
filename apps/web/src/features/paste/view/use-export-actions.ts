import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { downloadHtml, downloadMarkdown, downloadPng, printDocument } from '../../markdown';

/** The export formats of the paste view. */
export type ExportFormat = 'markdown' | 'html' | 'pdf' | 'png';

export interface ExportSource {
  /** The Markdown source. */
  content: string;
  /** The rendered document element (HTML and PNG are made from it). */
  getDocument: () => HTMLElement | null;
  /** The document's title (first heading or slug), for the HTML head. */
  title: string;
  /** File name without extension. */
  baseName: string;
}

/**
 * Runs an export and turns any failure (a renderer still loading, a browser refusing the
 * download) into a toast instead of an unhandled error.
 */
export function useExportActions({ content, getDocument, title, baseName }: ExportSource) {
  const { t } = useTranslation();

  function documentElement(): HTMLElement {
    const element = getDocument();
    if (!element) throw new Error('the document is not rendered yet');
    return element;
  }

  async function run(format: ExportFormat): Promise<void> {
    try {
      if (format === 'markdown') downloadMarkdown(content, baseName);
      else if (format === 'html') downloadHtml(documentElement(), title, baseName);
      else if (format === 'pdf') printDocument();
      else await downloadPng(documentElement(), baseName);
    } catch {
      notifications.show({
        color: 'red',
        title: t('pasteView.export.failedTitle'),
        message: t('pasteView.export.failed'),
      });
    }
  }

  return (format: ExportFormat) => void run(format);
}
