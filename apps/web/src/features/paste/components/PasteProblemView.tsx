import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClockX,
  IconEyeOff,
  IconFileUnknown,
  IconPlus,
  IconRefresh,
  IconWifiOff,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeApiError } from '../../../lib/api';
import { pasteProblemOf, type PasteProblem } from '../view/paste-problem';

const ICONS: Record<PasteProblem, Icon> = {
  notFound: IconFileUnknown,
  expired: IconClockX,
  viewLimit: IconEyeOff,
  gone: IconEyeOff,
  network: IconWifiOff,
  other: IconFileUnknown,
};

/** The problems we can word ourselves; for the others, what the request ran into. */
function describeProblem(problem: PasteProblem, error: unknown, t: TFunction): string {
  switch (problem) {
    case 'network':
      return `${describeApiError(error, t)} ${t('pasteView.problem.network.hint')}`;
    case 'other':
      return `${describeApiError(error, t)} ${t('pasteView.problem.other.hint')}`;
    default:
      return t(`pasteView.problem.${problem}.description`);
  }
}

/**
 * Why the paste cannot be shown, in plain words, with the ways out: a fresh paste of one's
 * own, and — when asking again may help — a retry.
 */
export function PasteProblemView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const problem = pasteProblemOf(error);
  const Icon = ICONS[problem];
  const retryable = problem === 'network' || problem === 'other';

  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto" data-problem={problem}>
      <ThemeIcon variant="light" color={retryable ? 'orange' : 'gray'} size={64} radius="xl">
        <Icon size={34} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2" data-testid="page-title">
        {t(`pasteView.problem.${problem}.title`)}
      </Title>
      <Text c="dimmed">{describeProblem(problem, error, t)}</Text>
      <Group justify="center" gap="sm">
        {retryable ? (
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
        <Button
          component={Link}
          to="/"
          variant={retryable ? 'default' : 'filled'}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('pasteView.problem.newPaste')}
        </Button>
      </Group>
    </Stack>
  );
}
