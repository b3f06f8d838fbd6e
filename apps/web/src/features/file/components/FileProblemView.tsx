import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClockX,
  IconEyeOff,
  IconFileUnknown,
  IconRefresh,
  IconUpload,
  IconWifiOff,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeApiError } from '../../../lib/api';
import { fileProblemOf, type FileProblem } from '../view/file-problem';

const ICONS: Record<FileProblem, Icon> = {
  notFound: IconFileUnknown,
  expired: IconClockX,
  viewLimit: IconEyeOff,
  gone: IconEyeOff,
  network: IconWifiOff,
  other: IconFileUnknown,
};

/** The problems we can word ourselves; for the others, what the request ran into. */
function describeProblem(problem: FileProblem, error: unknown, t: TFunction): string {
  switch (problem) {
    case 'network':
      return `${describeApiError(error, t)} ${t('file.problem.network.hint')}`;
    case 'other':
      return `${describeApiError(error, t)} ${t('file.problem.other.hint')}`;
    default:
      return t(`file.problem.${problem}.description`);
  }
}

/**
 * Why the file cannot be shown, in plain words, with the ways out: sharing a file of one's
 * own, and — when asking again may help — a retry. `compact` fits it in a dialog (no h1).
 */
export function FileProblemView({
  error,
  onRetry,
  compact = false,
}: {
  error: unknown;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const problem = fileProblemOf(error);
  const Icon = ICONS[problem];
  const retryable = problem === 'network' || problem === 'other';

  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto" data-problem={problem}>
      <ThemeIcon variant="light" color={retryable ? 'orange' : 'gray'} size={64} radius="xl">
        <Icon size={34} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title
        order={compact ? 2 : 1}
        size={compact ? 'h4' : 'h2'}
        data-testid={compact ? undefined : 'page-title'}
      >
        {t(`file.problem.${problem}.title`)}
      </Title>
      <Text c="dimmed">{describeProblem(problem, error, t)}</Text>
      <Group justify="center" gap="sm">
        {retryable ? (
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
        {compact ? null : (
          <Button
            component={Link}
            to="/upload"
            variant={retryable ? 'default' : 'filled'}
            leftSection={<IconUpload size={18} aria-hidden />}
          >
            {t('file.problem.upload')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
