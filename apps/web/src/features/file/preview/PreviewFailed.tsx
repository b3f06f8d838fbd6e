import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeApiError, isApiError } from '../../../lib/api';
import { OfficePreviewError } from '../view/office';

/**
 * A preview that could not be loaded: why, and a retry. A refused read (gone, missing) is
 * final, so only failures to ask at all offer to try again (each try may count a view).
 */
export function PreviewFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const retryable = !isApiError(error) || error.kind !== 'http' || (error.status ?? 0) >= 500;
  return (
    <Alert role="alert" color="red" variant="light" title={t('file.preview.failed')} m="md">
      <Stack gap="xs" align="flex-start">
        {error instanceof OfficePreviewError
          ? t(`file.preview.office.errors.${error.reason}`)
          : describeApiError(error, t)}
        {retryable ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
