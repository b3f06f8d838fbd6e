import { Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const LINE_WIDTHS = ['92%', '100%', '85%', '96%', '60%', '100%', '78%'];

/** Text lines while the document itself renders (the renderer may still be loading). */
export function DocumentSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Skeleton height={28} width="45%" radius="sm" />
      {LINE_WIDTHS.map((width, line) => (
        <Skeleton key={line} height={14} width={width} radius="sm" />
      ))}
    </Stack>
  );
}

/** The shape of the paste view while it loads: metadata, action bar, text lines. */
export function PasteSkeleton() {
  return (
    <Stack gap="lg" data-testid="paste-skeleton">
      <Stack gap="sm" aria-hidden>
        <Skeleton height={16} width={220} radius="sm" />
        <Group gap="xs">
          {[0, 1, 2, 3].map((button) => (
            <Skeleton key={button} height={40} width={96} radius="md" />
          ))}
        </Group>
      </Stack>
      <DocumentSkeleton />
    </Stack>
  );
}
