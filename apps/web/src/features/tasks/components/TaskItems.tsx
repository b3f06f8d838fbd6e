import type { TaskItem } from '@pasteport/contract';
import { Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { formatBytes } from '../../../lib/format';
import { useTaskItems } from '../api';
import { TASK_ITEM_STATUS_COLORS, TASK_ITEMS_PER_PAGE } from '../task-model';

/** A task's files, a page of 100 at a time, each with its status, size and error. */
export function TaskItems({ id, taskId }: { id: string; taskId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const detail = useTaskItems(taskId, page);
  const pages = Math.ceil((detail.data?.items_total ?? 0) / TASK_ITEMS_PER_PAGE);

  return (
    <Stack id={id} gap="xs" aria-label={t('tasks.itemsLabel')} role="region">
      {detail.isPending ? (
        <LoadingRows rows={2} />
      ) : detail.isError ? (
        <LoadFailedAlert
          title={t('tasks.itemsLoadFailed')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : detail.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tasks.noItems')}
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {detail.data.items.map((item) => (
            <ItemRow key={item.seq} item={item} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': t(`tasks.pagination.${control}`),
          })}
          getItemProps={(number) => ({ 'aria-label': t('tasks.pagination.page', { number }) })}
        />
      )}
    </Stack>
  );
}

function ItemRow({ item }: { item: TaskItem }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="li" gap={2} py={4} data-testid="task-item">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" title={item.source} miw={0}>
          {item.source}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={TASK_ITEM_STATUS_COLORS[item.status]}
          style={{ flexShrink: 0 }}
        >
          {t(`tasks.itemStatus.${item.status}`)}
        </Badge>
      </Group>
      {item.target !== '' && (
        <Text size="xs" c="dimmed" truncate="end" title={item.target}>
          {t('tasks.itemTarget', { target: item.target })}
        </Text>
      )}
      {item.bytes > 0 && (
        <Text size="xs" c="dimmed">
          {formatBytes(item.bytes, i18n.language)}
        </Text>
      )}
      {item.error && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {item.error}
        </Text>
      )}
    </Stack>
  );
}
