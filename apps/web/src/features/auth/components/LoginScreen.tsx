import { Alert, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineDataSection } from '../../../components/offline-data';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth, type LoginMode } from '../../../lib/auth';
import { ApiKeyLoginForm } from './ApiKeyLoginForm';
import { PasswordLoginForm } from './PasswordLoginForm';

/** Why the last session ended, as SPEC §8 words it; shown above the forms. */
function SessionEndedNotice() {
  const { t } = useTranslation();
  const { endedBecause } = useAuth();
  if (!endedBecause) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      icon={<IconClockExclamation size={18} aria-hidden />}
      data-testid="session-ended"
    >
      {endedBecause === 'admin-expired' ? t('api.adminSessionExpired') : t('api.apiKeyInvalid')}
    </Alert>
  );
}

/** The admin login (SPEC §2): username and password, or API key, in two tabs. */
export function LoginScreen() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<LoginMode>('password');

  return (
    <Stack maw={440} w="100%" mx="auto" gap="md" py="md">
      <PageTitle title={t('auth.login.title')} section={t('admin.title')} />
      <Text c="dimmed">{t('auth.login.intro')}</Text>
      <SessionEndedNotice />
      <Paper withBorder p="lg" radius="md">
        <Tabs
          value={mode}
          onChange={(value) => setMode(value === 'apikey' ? 'apikey' : 'password')}
        >
          <Tabs.List aria-label={t('auth.login.modesLabel')} grow mb="md">
            <Tabs.Tab value="password">{t('auth.login.modes.password')}</Tabs.Tab>
            <Tabs.Tab value="apikey">{t('auth.login.modes.apikey')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="password">
            <PasswordLoginForm />
          </Tabs.Panel>
          <Tabs.Panel value="apikey">
            <ApiKeyLoginForm />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {/* Guests keep offline copies too, and have no settings page: this is where they can
          forget them (the header's Admin link leads here). */}
      <OfflineDataSection />
    </Stack>
  );
}
