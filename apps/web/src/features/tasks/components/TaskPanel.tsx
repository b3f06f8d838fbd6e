import type { Task } from '@pasteport/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClearAll } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { useClearFinishedTasks } from '../api';
import { clearableStatuses } from '../task-model';
import { TaskCard } from './TaskCard';

/** Props of TaskPanel: the newest tasks (newest first) and how many the server has. */
export interface TaskPanelProps {
  tasks: readonly Task[];
  total: number;
}

/** The drawer's body: "clear finished" and one card per task, newest first. */
export function TaskPanel({ tasks, total }: TaskPanelProps) {
  const { t } = useTranslation();
  const clear = useClearFinishedTasks();
  const statuses = clearableStatuses(tasks);

  const onClear = () =>
    clear.mutate(statuses, {
      onError: (error) => notifications.show({ color: 'red', message: describeApiError(error, t) }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed" id="tasks-clear-hint">
          {t('tasks.clearHint')}
        </Text>
        <Button
          variant="default"
          size="sm"
          miw="max-content"
          h={40}
          leftSection={<IconClearAll size={18} aria-hidden />}
          disabled={statuses.length === 0}
          loading={clear.isPending}
          aria-describedby="tasks-clear-hint"
          onClick={onClear}
        >
          {t('tasks.clearFinished')}
        </Button>
      </Group>
      {tasks.length === 0 ? (
        <Text c="dimmed">{t('tasks.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </Stack>
      )}
      {total > tasks.length && (
        <Text size="sm" c="dimmed">
          {t('tasks.newestOnly', { shown: tasks.length, total })}
        </Text>
      )}
    </Stack>
  );
}
