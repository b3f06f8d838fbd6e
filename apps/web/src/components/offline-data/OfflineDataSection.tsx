import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgetOfflineDataButton } from './ForgetOfflineDataButton';

/**
 * "Offline data on this device": what is kept for reading offline, for how long, and the way
 * to forget it all. Guests keep copies too, so it is offered where a guest can reach it as
 * well as in the administrator's settings.
 */
export function OfflineDataSection() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="offline-data-section"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('offlineData.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('offlineData.intro')}
        </Text>
        <Group>
          <ForgetOfflineDataButton />
        </Group>
      </Stack>
    </Paper>
  );
}
