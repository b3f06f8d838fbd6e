import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFolderOff, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeApiError, isApiError } from '../../../lib/api';
import { explorerHref, parentPath } from '../location';

/** The first page is on its way. */
export function ListingLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('mountExplorer.loading')} />
    </Center>
  );
}

/** An empty folder (or nothing matches the filter), with what to do instead. */
export function ListingEmpty({ filtered, isRoot }: { filtered: boolean; isRoot: boolean }) {
  const { t } = useTranslation();
  const text = filtered
    ? t('mountExplorer.empty.filtered')
    : isRoot
      ? t('mountExplorer.empty.noMounts')
      : t('mountExplorer.empty.folder');
  return (
    <Stack align="center" gap="xs" py="xl">
      <IconFolderOff size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * A folder that could not be listed: no permission (a way back to where the caller may go),
 * a folder that is not there (a way up), or any other failure (the reason and a retry).
 */
export function ListingError({
  error,
  path,
  homePath,
  onRetry,
}: {
  error: unknown;
  path: string;
  homePath: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : undefined;
  if (status === 403) {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconLock size={18} />}
        title={t('mountExplorer.error.forbiddenTitle')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('mountExplorer.error.forbidden')}</Text>
          <Button component={Link} to={explorerHref(homePath)} size="xs" variant="default">
            {t('mountExplorer.error.goHome')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const missing = status === 404;
  return (
    <Alert
      role="alert"
      color={missing ? 'yellow' : 'red'}
      variant="light"
      title={missing ? t('mountExplorer.error.missingTitle') : t('mountExplorer.error.failedTitle')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing ? t('mountExplorer.error.missing') : describeApiError(error, t)}
        </Text>
        <Group gap="xs">
          {path !== '/' ? (
            <Button
              component={Link}
              to={explorerHref(parentPath(path))}
              size="xs"
              variant="default"
            >
              {t('mountExplorer.error.goUp')}
            </Button>
          ) : null}
          {missing ? null : (
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** A guest at the explorer: mounts are for the administrator and API keys with mount access. */
export function SignInToBrowse() {
  const { t } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconLock size={18} />}
      title={t('mountExplorer.guest.title')}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('mountExplorer.guest.text')}</Text>
        <Button component={Link} to="/admin" size="xs">
          {t('mountExplorer.guest.signIn')}
        </Button>
      </Stack>
    </Alert>
  );
}
