import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebDavConnect, webDavIdentityOf } from '../../../components/webdav';
import { useAuth } from '../../../lib/auth';
import { webDavAddress } from '../../../lib/webdav-address';

/**
 * Where the server answers WebDAV (beside the API this app talks to) and how to connect to it,
 * signed in as the administrator.
 */
export function WebDavSection() {
  const { t } = useTranslation();
  const { session } = useAuth();
  const identity = webDavIdentityOf(session);
  if (!identity) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="webdav-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="webdav-title">
          {t('settings.webdav.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.webdav.intro')}
        </Text>
        <WebDavConnect address={webDavAddress('/')} {...identity} />
      </Stack>
    </Paper>
  );
}
