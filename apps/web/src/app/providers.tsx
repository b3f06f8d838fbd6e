import { MantineProvider, MantineThemeProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useIsPhone } from '../components/managed-list/use-is-phone';
import { AuthStoreProvider, type AuthStore } from '../lib/auth';
import type { OfflineQueue } from '../lib/offline-queue';
import { OfflineQueueProvider } from '../lib/offline-queue/react';
import { PwaStoreProvider, type PwaStore } from '../pwa';
import { ClearQueriesOnIdentityChange } from './auth/ClearQueriesOnIdentityChange';
import { colorSchemeManager, DEFAULT_THEME_MODE } from './theme/color-scheme';
import { cssVariablesResolver, theme } from './theme/theme';

/** What the providers need; passed in so tests get fresh instances per render. */
export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  authStore: AuthStore;
  /** The installable app's state; tests leave it out (nothing to install, no worker). */
  pwaStore?: PwaStore;
  /** Operations made offline, sent when the connection returns; tests leave it out. */
  offlineQueue?: OfflineQueue;
  /** 'test' turns off Mantine transitions and portals for deterministic DOM tests. */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
}

/**
 * Toasts where they cover nothing one needs: bottom right on wider screens (the header's
 * theme, language and user buttons stay free), bottom centre on a phone.
 */
function AppNotifications() {
  const { t } = useTranslation();
  // Every toast's close button is named, in the reader's language (axe: button-name).
  const named = {
    components: {
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } },
      }),
    },
  };
  return (
    <MantineThemeProvider theme={named}>
      <Notifications position={useIsPhone() ? 'bottom-center' : 'bottom-right'} />
    </MantineThemeProvider>
  );
}

/** i18n, Mantine (theme, colour scheme, notifications), TanStack Query, the PWA and auth. */
export function AppProviders({
  i18n,
  queryClient,
  authStore,
  pwaStore,
  offlineQueue,
  mantineEnv,
  children,
}: AppProvidersProps) {
  const app = (
    <AuthStoreProvider store={authStore}>
      <OfflineQueueProvider queue={offlineQueue}>
        <ClearQueriesOnIdentityChange />
        {children}
      </OfflineQueueProvider>
    </AuthStoreProvider>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_THEME_MODE}
        env={mantineEnv}
      >
        <AppNotifications />
        <QueryClientProvider client={queryClient}>
          {pwaStore ? <PwaStoreProvider store={pwaStore}>{app}</PwaStoreProvider> : app}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
