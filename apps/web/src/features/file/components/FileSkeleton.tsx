import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './FileLayout.module.css';

/** The shape of the file page while its facts load: preview area beside facts and actions. */
export function FileSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className={classes.layout}
      data-testid="file-skeleton"
      role="status"
      aria-live="polite"
      aria-label={t('common.loading')}
    >
      <Skeleton className={classes.preview} height={360} radius="md" />
      <Stack className={classes.aside} gap="sm">
        <Skeleton height={12} width={90} radius="sm" />
        <Skeleton height={26} width="80%" radius="sm" />
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} height={14} width={`${70 - line * 8}%`} radius="sm" />
        ))}
        <Skeleton height={42} radius="md" />
        <Skeleton height={40} radius="md" />
      </Stack>
    </div>
  );
}
