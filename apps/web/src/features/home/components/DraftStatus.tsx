import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { SaveOutcome } from '../draft-storage';

/** "Draft restored" with a way to start over; shown after a reload brought the text back. */
export function DraftRestoredNote({
  savedAt,
  onClear,
  onDismiss,
}: {
  savedAt: string;
  onClear: () => void;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconRestore size={18} aria-hidden />}
      withCloseButton
      onClose={onDismiss}
      closeButtonLabel={t('common.close')}
      data-testid="draft-restored"
      py="xs"
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">
          {t('home.draft.restored', { time: formatDateTime(savedAt, i18n.language) })}
        </Text>
        <Button variant="subtle" color="red" size="sm" mih={40} onClick={onClear}>
          {t('home.draft.clear')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A quiet line under the editor: saved, or why the draft cannot be kept in this browser. */
export function DraftSaveText({ outcome }: { outcome: SaveOutcome | undefined }) {
  const { t } = useTranslation();
  if (outcome === undefined || outcome === 'cleared') return <span />;
  if (outcome === 'saved') {
    return (
      <Text size="xs" c="dimmed">
        {t('home.draft.saved')}
      </Text>
    );
  }
  return (
    <Text size="xs" c="orange" role="status">
      {t(outcome === 'tooLarge' ? 'home.draft.tooLarge' : 'home.draft.unavailable')}
    </Text>
  );
}
