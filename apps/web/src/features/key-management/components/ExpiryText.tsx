import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasExpired } from '../../../lib/expiry';

/** "Never", the expiry date, or an "Expired" badge with the date when it has passed. */
export function ExpiryText({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t, i18n } = useTranslation();
  if (expiresAt === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.never')}
      </Text>
    );
  }
  const date = formatDate(expiresAt, i18n.language);
  const exact = formatDateTime(expiresAt, i18n.language);
  if (!hasExpired(expiresAt, now)) {
    return (
      <Text size="sm" title={exact} style={{ whiteSpace: 'nowrap' }}>
        {date}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-expired="true" title={exact}>
      <Badge color="red" variant="filled" size="sm">
        {t('keys.expired')}
      </Badge>
      <Text size="sm" c="red" style={{ whiteSpace: 'nowrap' }}>
        {date}
      </Text>
    </Group>
  );
}
