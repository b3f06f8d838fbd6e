import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { CONTENT_LIMIT_BYTES } from '../content-size';

/** "1.2 KB of 10 MB" under the editor; red above the limit. */
export function SizeMeter({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  const over = bytes > CONTENT_LIMIT_BYTES;
  return (
    <Text
      size="xs"
      c={over ? 'red' : 'dimmed'}
      fw={over ? 600 : undefined}
      data-testid="size-meter"
    >
      {t('home.size.used', {
        size: formatBytes(bytes, i18n.language),
        limit: formatBytes(CONTENT_LIMIT_BYTES, i18n.language),
      })}
    </Text>
  );
}
