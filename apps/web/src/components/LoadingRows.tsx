import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a list loads, announced to screen readers as loading. */
export function LoadingRows({ rows }: { rows: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
