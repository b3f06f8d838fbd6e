import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreviewFrame } from './PreviewFrame';
import classes from './preview.module.css';

/** A PDF in the browser's own viewer; phones that show only a page are told to download. */
export function PdfPreview({ url, filename }: { url: string; filename: string }) {
  const { t } = useTranslation();
  return (
    <PreviewFrame kind="pdf">
      <iframe
        src={url}
        title={t('file.preview.pdfTitle', { name: filename })}
        className={classes.embed}
      />
      <Text size="xs" c="dimmed" px="md" py="xs">
        {t('file.preview.pdfHint')}
      </Text>
    </PreviewFrame>
  );
}
