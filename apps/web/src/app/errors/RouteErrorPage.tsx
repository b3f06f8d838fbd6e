import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError, reportErrorOnce } from './route-error';

/** Reloads the whole document: a page chunk that failed once stays failed until then. */
function reloadDocument() {
  window.location.reload();
}

/**
 * The router's error screen (SPEC §8, errors outside requests): what happened in plain words,
 * Retry (renders the page again, or reloads when its code could not be loaded) and Back home.
 * `reload` is replaceable for tests.
 */
export function RouteErrorPage({ reload = reloadDocument }: { reload?: () => void }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);

  useEffect(() => reportErrorOnce(error), [error]);

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
        <IconAlertTriangle size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2" c="bright">
          {t(chunk ? 'errorPage.chunkTitle' : 'errorPage.title')}
        </Title>
        <Text>{t(chunk ? 'errorPage.chunkBody' : 'errorPage.body')}</Text>
        <Group gap="sm" justify="center">
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={retry}>
            {t('errorPage.retry')}
          </Button>
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
