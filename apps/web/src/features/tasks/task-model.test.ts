import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { givenItem, givenTask } from './task-fixtures';
import {
  canCancel,
  canRetry,
  clearableStatuses,
  countActiveTasks,
  isMoveTask,
  lastItemOf,
  newlyFinishedTaskIds,
  progressPercent,
  progressText,
  taskKind,
} from './task-model';

const MB = 1024 * 1024;

describe('task kind (move detection)', () => {
  it('calls a copy whose last item has no target a move', () => {
    const copy = givenTask({ type: 'copy' });
    const removal = givenItem({ seq: 4, source: '/docs', target: '' });
    expect(isMoveTask(copy, removal)).toBe(true);
    expect(taskKind(copy, removal)).toBe('move');
  });

  it('keeps a copy a copy when the last item has a target or is not known', () => {
    const copy = givenTask({ type: 'copy' });
    expect(taskKind(copy, givenItem({ target: '/b/a.txt' }))).toBe('copy');
    expect(taskKind(copy)).toBe('copy');
  });

  it('never calls a delete a move, though its items have no target', () => {
    const remove = givenTask({ type: 'delete' });
    expect(taskKind(remove, givenItem({ target: '' }))).toBe('delete');
  });

  it('finds the last item only on the page that reaches the end', () => {
    const items = [givenItem({ seq: 1 }), givenItem({ seq: 2, target: '' })];
    expect(lastItemOf({ items, items_offset: 0, items_total: 2 })?.seq).toBe(2);
    expect(lastItemOf({ items, items_offset: 0, items_total: 3 })).toBeUndefined();
    expect(lastItemOf({ items, items_offset: 1, items_total: 3 })?.seq).toBe(2);
    expect(lastItemOf({ items: [], items_offset: 0, items_total: 0 })).toBeUndefined();
  });
});

describe('progress', () => {
  const { t } = createI18n('en');

  it('reads "3 of 10 files · 12 MB of 40 MB"', () => {
    const progress = { current: 3, total: 10, bytes_done: 12 * MB, bytes_total: 40 * MB };
    expect(progressText(progress, t, 'en')).toBe('3 of 10 files · 12 MB of 40 MB');
  });

  it('leaves out bytes when the task counts none, and says "file" for one', () => {
    const progress = { current: 0, total: 1, bytes_done: 0, bytes_total: 0 };
    expect(progressText(progress, t, 'en')).toBe('0 of 1 file');
  });

  it('is in Chinese for a Chinese reader', () => {
    const { t: zh } = createI18n('zh-CN');
    const progress = { current: 1, total: 2, bytes_done: 512, bytes_total: 1024 };
    expect(progressText(progress, zh, 'zh-CN')).toBe('1 / 2 个文件 · 512 B / 1 KB');
  });

  it('measures percent by bytes when known, else by items, within 0-100', () => {
    expect(progressPercent({ current: 1, total: 10, bytes_done: 30, bytes_total: 40 })).toBe(75);
    expect(progressPercent({ current: 1, total: 4, bytes_done: 0, bytes_total: 0 })).toBe(25);
    expect(progressPercent({ current: 0, total: 0, bytes_done: 0, bytes_total: 0 })).toBe(0);
    expect(progressPercent({ current: 5, total: 4, bytes_done: 0, bytes_total: 0 })).toBe(100);
  });
});

describe('task actions and states', () => {
  it('counts pending and running tasks as active', () => {
    const tasks = ['pending', 'running', 'completed', 'failed', 'cancelled', 'partial'] as const;
    expect(countActiveTasks(tasks.map((status) => givenTask({ status })))).toBe(2);
  });

  it('cancels only an active task not already being cancelled', () => {
    expect(canCancel(givenTask({ status: 'pending' }))).toBe(true);
    expect(canCancel(givenTask({ status: 'running', cancel_requested: true }))).toBe(false);
    expect(canCancel(givenTask({ status: 'completed' }))).toBe(false);
  });

  it('retries failed, partial and cancelled tasks only', () => {
    for (const status of ['failed', 'partial', 'cancelled'] as const) {
      expect(canRetry(givenTask({ status })), status).toBe(true);
    }
    expect(canRetry(givenTask({ status: 'completed' }))).toBe(false);
    expect(canRetry(givenTask({ status: 'running' }))).toBe(false);
  });

  it('clears only the finished statuses present, in a fixed order', () => {
    const tasks = [
      givenTask({ status: 'partial' }),
      givenTask({ status: 'running' }),
      givenTask({ status: 'completed' }),
      givenTask({ status: 'completed' }),
    ];
    expect(clearableStatuses(tasks)).toEqual(['completed', 'partial']);
    expect(clearableStatuses([givenTask({ status: 'pending' })])).toEqual([]);
  });

  it('sees a task finish only when it was active in the previous answer', () => {
    const before = [
      givenTask({ id: 'a', status: 'running' }),
      givenTask({ id: 'b', status: 'completed' }),
      givenTask({ id: 'c', status: 'pending' }),
    ];
    const after = [
      givenTask({ id: 'a', status: 'failed' }),
      givenTask({ id: 'b', status: 'completed' }),
      givenTask({ id: 'c', status: 'running' }),
      givenTask({ id: 'd', status: 'completed' }),
    ];
    expect(newlyFinishedTaskIds(before, after)).toEqual(['a']);
    expect(newlyFinishedTaskIds(undefined, after)).toEqual([]);
  });
});
