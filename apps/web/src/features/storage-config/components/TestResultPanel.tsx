import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  STORAGE_TEST_CHECKS,
  type StorageConfig,
  type StorageTestCheck,
  type StorageTestCheckName,
  type StorageTestResult,
} from '@pasteport/contract';
import { IconCircleCheck, IconCircleMinus, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { checkTextKeys } from '../check-text';

const STATUS_LOOK = {
  ok: { color: 'green', Icon: IconCircleCheck },
  failed: { color: 'red', Icon: IconCircleX },
  skipped: { color: 'gray', Icon: IconCircleMinus },
} as const;

/** CORS failures that the rule below the checks fixes. */
const RULE_FIXES = new Set(['cors_missing', 'cors_put_not_allowed', 'cors_etag_hidden']);

function CheckRow({
  name,
  check,
  config,
}: {
  name: StorageTestCheckName;
  check: StorageTestCheck;
  config: StorageConfig;
}) {
  const { t } = useTranslation();
  const { color, Icon } = STATUS_LOOK[check.status];
  const keys = checkTextKeys(name, check);
  const params = { bucket: config.bucket_name ?? '', root: config.root_path ?? '' };
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={`storage-check-${name}`}
      data-status={check.status}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <Icon size={20} color={`var(--mantine-color-${color}-filled)`} aria-hidden />
            <Title order={4} size="h5">
              {t(`storageConfig.test.checks.${name}`)}
            </Title>
          </Group>
          <Badge color={color} variant="light">
            {t(`storageConfig.test.status.${check.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`storageConfig.test.messages.${keys.message}`, params)}</Text>
        {keys.fix ? (
          <Text size="sm">
            <Text span fw={600}>
              {t('storageConfig.test.fixLabel')}:
            </Text>{' '}
            {t(`storageConfig.test.fixes.${keys.fix}`)}
          </Text>
        ) : null}
        {check.detail ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('storageConfig.test.detailLabel')}: <Code>{check.detail}</Code>
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The outcome of a connection test: a summary, each check with what happened and how to fix
 * it, and the CORS rule to paste when browser uploads would be refused.
 */
export function TestResultPanel({
  result,
  config,
}: {
  result: StorageTestResult;
  config: StorageConfig;
}) {
  const { t } = useTranslation();
  const showRule = result.cors_rule !== null && RULE_FIXES.has(result.checks.cors.reason);
  return (
    <Stack gap="sm">
      <Alert
        role="status"
        color={result.ok ? 'green' : 'red'}
        variant="light"
        title={result.ok ? t('storageConfig.test.allOk') : t('storageConfig.test.someFailed')}
      >
        {config.driver === 's3' ? t('storageConfig.test.origin', { origin: result.origin }) : null}
      </Alert>
      {STORAGE_TEST_CHECKS.map((name) => (
        <CheckRow key={name} name={name} check={result.checks[name]} config={config} />
      ))}
      {showRule && result.cors_rule ? (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('storageConfig.test.corsRule')}
          </Text>
          <Code block data-testid="cors-rule">
            {result.cors_rule}
          </Code>
          <Group>
            <CopyValueButton
              value={result.cors_rule}
              label={t('storageConfig.test.copyRule')}
              copiedLabel={t('storageConfig.test.copied')}
            />
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
