import { Badge, Group, Text } from '@mantine/core';
import { apiKeyMountLevel, type ApiKey } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';

const PERMISSIONS = [
  ['text', 'text_permission', 'blue'],
  ['file', 'file_permission', 'teal'],
  ['mount', 'mount_permission', 'grape'],
] as const;

/**
 * A key's permissions as labelled badges (the label, not the colour, carries the meaning); the
 * mount badge names its level.
 */
export function PermissionBadges({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  const granted = PERMISSIONS.filter(([, field]) => apiKey[field]);
  const label = (permission: (typeof PERMISSIONS)[number][0]) =>
    permission === 'mount'
      ? t(`keys.mountBadges.${apiKeyMountLevel(apiKey)}`)
      : t(`keys.permissions.${permission}`);
  if (granted.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('keys.permissions.none')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      {granted.map(([permission, , color]) => (
        <Badge key={permission} color={color} variant="light" size="sm">
          {label(permission)}
        </Badge>
      ))}
    </Group>
  );
}
