import { Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewFrame } from './PreviewFrame';
import classes from './preview.module.css';

/**
 * An image fitted to the screen; clicking shows it at full size (scrolling inside the frame)
 * and back. The same element stays, so zooming never fetches (and counts) the image again.
 */
export function ImagePreview({ url, filename }: { url: string; filename: string }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const [broken, setBroken] = useState(false);
  return (
    <PreviewFrame kind="image">
      <div className={classes.imageStage} data-full={full || undefined}>
        {broken ? (
          <Text size="sm" c="dimmed" p="xl" ta="center">
            {t('file.preview.imageFailed')}
          </Text>
        ) : (
          <UnstyledButton
            className={classes.imageButton}
            aria-pressed={full}
            aria-label={full ? t('file.preview.image.fit') : t('file.preview.image.full')}
            title={full ? t('file.preview.image.fit') : t('file.preview.image.full')}
            onClick={() => setFull((current) => !current)}
          >
            <img
              src={url}
              alt={filename}
              className={classes.image}
              onError={() => setBroken(true)}
            />
          </UnstyledButton>
        )}
      </div>
    </PreviewFrame>
  );
}
