import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ShareDenial } from '../share-access';
import { SignInButton } from './SharePanel';

/** Says plainly why this visitor cannot share, and where to sign in. Writing still works. */
export function AccessNotice({ reason }: { reason: ShareDenial }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('home.access.title')}
      icon={<IconLock size={18} aria-hidden />}
      data-testid="access-notice"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`home.access.${reason}`)}</Text>
        <SignInButton />
      </Stack>
    </Alert>
  );
}
