import type { Task } from '@pasteport/contract';
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsMove,
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconDownload,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useCancelTask, useLastTaskItem, useRetryTask } from '../api';
import {
  canCancel,
  canRetry,
  isActiveTask,
  progressPercent,
  progressText,
  TASK_STATUS_COLORS,
  taskKind,
  type TaskKind,
} from '../task-model';
import { TaskItems } from './TaskItems';

const KIND_ICONS: Record<TaskKind, typeof IconCopy> = {
  copy: IconCopy,
  move: IconArrowsMove,
  delete: IconTrash,
  upload: IconUpload,
  download: IconDownload,
};

/** One task: kind, status, progress, error, created time, actions and its items on demand. */
export function TaskCard({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const itemsId = useId();
  const lastItem = useLastTaskItem(task).data ?? undefined;
  const kind = taskKind(task, lastItem);
  const Icon = KIND_ICONS[kind];
  const label = t(`tasks.kinds.${kind}`);
  const cancel = useCancelTask();
  const retry = useRetryTask();
  const progress = progressText(task.progress, t, i18n.language);
  const percent = progressPercent(task.progress);

  const showError = (error: unknown, conflictKey: 'cancelConflict' | 'retryConflict') =>
    notifications.show({
      color: 'red',
      message:
        isApiError(error) && error.status === 409
          ? t(`tasks.errors.${conflictKey}`)
          : describeApiError(error, t),
    });

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="task" data-task-id={task.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" size={32} aria-hidden>
              <Icon size={18} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={600} data-testid="task-label">
                {label}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={task.created_at}>
                  {formatDateTime(task.created_at, i18n.language)}
                </time>
              </Text>
            </Stack>
          </Group>
          <Badge color={TASK_STATUS_COLORS[task.status]} variant="light" data-testid="task-status">
            {t(`tasks.status.${task.status}`)}
          </Badge>
        </Group>

        <Progress.Root size="md">
          <Progress.Section
            value={percent}
            color={TASK_STATUS_COLORS[task.status]}
            animated={task.status === 'running'}
            aria-label={t('tasks.progressLabel', { task: label })}
          />
        </Progress.Root>
        <Text size="sm" data-testid="task-progress">
          {progress}
        </Text>
        {task.cancel_requested && isActiveTask(task) && (
          <Text size="sm" c="dimmed">
            {t('tasks.cancelling')}
          </Text>
        )}
        {task.error && (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {task.error}
          </Text>
        )}

        <Group gap="xs">
          <Button
            variant="subtle"
            size="sm"
            h={40}
            leftSection={
              expanded ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
            aria-expanded={expanded}
            aria-controls={expanded ? itemsId : undefined}
            aria-label={t(expanded ? 'tasks.hideItemsOf' : 'tasks.showItemsOf', { task: label })}
            onClick={() => setExpanded((value) => !value)}
          >
            {t(expanded ? 'tasks.hideItems' : 'tasks.showItems')}
          </Button>
          {canCancel(task) && (
            <Button
              variant="default"
              size="sm"
              h={40}
              leftSection={<IconX size={16} aria-hidden />}
              loading={cancel.isPending}
              aria-label={t('tasks.cancelTask', { task: label })}
              onClick={() =>
                cancel.mutate(task.id, { onError: (error) => showError(error, 'cancelConflict') })
              }
            >
              {t('tasks.cancel')}
            </Button>
          )}
          {canRetry(task) && (
            <Button
              variant="default"
              size="sm"
              h={40}
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retry.isPending}
              aria-label={t('tasks.retryTask', { task: label })}
              onClick={() =>
                retry.mutate(task.id, { onError: (error) => showError(error, 'retryConflict') })
              }
            >
              {t('tasks.retry')}
            </Button>
          )}
        </Group>

        {expanded && <TaskItems id={itemsId} taskId={task.id} />}
      </Stack>
    </Paper>
  );
}
