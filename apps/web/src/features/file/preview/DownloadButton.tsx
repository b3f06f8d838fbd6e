import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The download link (a real `<a download>`: the browser saves the file, with its own progress).
 * `onDownload` lets the page count the read.
 */
export function DownloadButton({
  url,
  filename,
  onDownload,
  ...props
}: ButtonProps & { url: string; filename: string; onDownload: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={url}
      download={filename}
      onClick={onDownload}
      leftSection={<IconDownload size={18} aria-hidden />}
      {...props}
    >
      {t('file.actions.download')}
    </Button>
  );
}
