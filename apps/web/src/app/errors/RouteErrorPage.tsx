import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconHome,
  IconRefresh,
  IconWifiOff,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { browserConnectivity } from '../../lib/connectivity';
import { isChunkLoadError, reportErrorOnce } from './route-error';

/** The toast's id, so a re-render does not stack a second one. */
const UNAVAILABLE_TOAST_ID = 'pasteport-page-unavailable';

/** Reloads the whole document: a page chunk that failed once stays failed until then. */
function reloadDocument() {
  window.location.reload();
}

/**
 * The router's error screen (SPEC §8, errors outside requests): what happened in plain words,
 * Retry (renders the page again, or reloads when its code could not be loaded) and Back home.
 * A page whose code could not be loaded while offline is SPEC §2's fallback: "temporarily
 * unavailable", a toast, and back to the previous page as well. `reload` and `isOnline` are
 * replaceable for tests.
 */
export function RouteErrorPage({
  reload = reloadDocument,
  isOnline = () => browserConnectivity.isOnline(),
}: {
  reload?: () => void;
  isOnline?: () => boolean;
}) {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);
  const offline = chunk && !isOnline();

  useEffect(() => reportErrorOnce(error), [error]);
  useEffect(() => {
    if (!offline) return;
    notifications.show({
      id: UNAVAILABLE_TOAST_ID,
      color: 'red',
      message: t('errorPage.unavailableToast'),
    });
  }, [offline, t]);

  const retry = () => {
    if (chunk) {
      reload();
      return;
    }
    // Navigating to the same place clears the router's error and renders the route again.
    void navigate(location, { replace: true });
  };

  return (
    <Container component="main" size="sm" py="xl" data-testid="route-error">
      <Stack align="center" gap="md" ta="center" role="alert">
        {offline ? (
          <IconWifiOff size={48} stroke={1.5} aria-hidden />
        ) : (
          <IconAlertTriangle size={48} stroke={1.5} aria-hidden />
        )}
        <Title order={1} size="h2" c="bright">
          {t(
            offline ? 'errorPage.offlineTitle' : chunk ? 'errorPage.chunkTitle' : 'errorPage.title',
          )}
        </Title>
        <Text>
          {t(offline ? 'errorPage.offlineBody' : chunk ? 'errorPage.chunkBody' : 'errorPage.body')}
        </Text>
        <Group gap="sm" justify="center">
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={retry}>
            {t('errorPage.retry')}
          </Button>
          {chunk && (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => void navigate(-1)}
            >
              {t('errorPage.back')}
            </Button>
          )}
          <Button
            component={Link}
            to="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden />}
          >
            {t('errorPage.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
