import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../lib/api';

/** What failed, why (from the error code) and a retry: the one way to show a failed read. */
export function LoadFailedAlert({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert role="alert" color="red" variant="light" title={title}>
      <Stack gap="xs" align="flex-start">
        {describeApiError(error, t)}
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
