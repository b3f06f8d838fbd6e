import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PreviewFrame } from './PreviewFrame';

/**
 * Asks before previewing a file with a view limit: loading the preview is a counted read, and
 * the last one would leave nothing to download.
 */
export function PreviewGate({ remaining, onStart }: { remaining: number; onStart: () => void }) {
  const { t } = useTranslation();
  const message =
    remaining <= 0
      ? t('file.preview.gate.noneLeft')
      : remaining === 1
        ? t('file.preview.gate.lastView')
        : t('file.preview.gate.message', { count: remaining });
  return (
    <PreviewFrame kind="gate">
      <Stack align="center" ta="center" gap="sm" py="xl" px="md">
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconEye size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('file.preview.gate.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={460}>
          {message}
        </Text>
        {remaining > 0 ? (
          <Button variant="light" leftSection={<IconEye size={18} aria-hidden />} onClick={onStart}>
            {t('file.preview.gate.show')}
          </Button>
        ) : null}
      </Stack>
    </PreviewFrame>
  );
}
