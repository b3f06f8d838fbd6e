import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreviewFrame } from './PreviewFrame';
import classes from './preview.module.css';

/**
 * The browser's own player. `preload="metadata"` fetches only the first bytes until the
 * reader presses play; a format the browser cannot play says so instead of a dead player.
 */
export function MediaPreview({
  kind,
  url,
  filename,
}: {
  kind: 'video' | 'audio';
  url: string;
  filename: string;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const label = t(kind === 'video' ? 'file.preview.video' : 'file.preview.audio', {
    name: filename,
  });
  return (
    <PreviewFrame kind={kind}>
      {broken ? (
        <Text size="sm" c="dimmed" p="xl" ta="center">
          {t('file.preview.mediaFailed')}
        </Text>
      ) : kind === 'video' ? (
        <video
          src={url}
          controls
          preload="metadata"
          aria-label={label}
          className={classes.video}
          onError={() => setBroken(true)}
        />
      ) : (
        <Stack p="md">
          <audio
            src={url}
            controls
            preload="metadata"
            aria-label={label}
            className={classes.audio}
            onError={() => setBroken(true)}
          />
        </Stack>
      )}
    </PreviewFrame>
  );
}
