import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconClockX,
  IconEyeOff,
  IconFileUnknown,
  IconRefresh,
  IconWifiOff,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocalePrefixWith } from '../share-options/locale-prefix';
import { describeProblem, isRetryable, type ProblemTexts, type ShareProblem } from './problem-text';

const ICONS: Record<ShareProblem, Icon> = {
  notFound: IconFileUnknown,
  expired: IconClockX,
  viewLimit: IconEyeOff,
  sourceRemoved: IconFileUnknown,
  gone: IconEyeOff,
  network: IconWifiOff,
  other: IconFileUnknown,
};

/** The way out of a dead link: sharing something of one's own. */
export interface NewShareLink {
  to: string;
  label: string;
  Icon: Icon;
}

/**
 * Why a paste or file cannot be shown, in plain words, with the ways out: a share of one's
 * own, and — when asking again may help — a retry. `compact` fits it in a dialog (no h1, and
 * no way out of the dialog's page).
 */
export function ShareProblemView({
  keyPrefix,
  problem,
  error,
  onRetry,
  newShare,
  compact = false,
}: {
  keyPrefix: LocalePrefixWith<ProblemTexts>;
  problem: ShareProblem;
  error: unknown;
  onRetry: () => void;
  newShare: NewShareLink;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[problem];
  const retryable = isRetryable(problem);

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
        {t(`${keyPrefix}.${problem}.title`)}
      </Title>
      <Text c="dimmed">{describeProblem(problem, error, keyPrefix, t)}</Text>
      <Group justify="center" gap="sm">
        {retryable ? (
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null}
        {compact ? null : (
          <Button
            component={Link}
            to={newShare.to}
            variant={retryable ? 'default' : 'filled'}
            leftSection={<newShare.Icon size={18} aria-hidden />}
          >
            {newShare.label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
