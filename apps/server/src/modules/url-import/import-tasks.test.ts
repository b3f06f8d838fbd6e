import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.js';
import { createImportTasks } from './import-tasks.js';

function tasksAt(start = 0) {
  let now = start;
  const tasks = createImportTasks({
    maxRunning: 2,
    retainMs: 1_000,
    clock: { now: () => new Date(now) },
  });
  return { tasks, advance: (ms: number) => (now += ms) };
}

describe('import tasks', () => {
  it('refuses a slot beyond maxRunning with 429 and Retry-After; release frees it once', () => {
    const { tasks } = tasksAt();
    const first = tasks.reserve(30);
    tasks.reserve(30);
    let refused: unknown;
    try {
      tasks.reserve(30);
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    expect(isAppError(refused) && refused.headers).toEqual({ 'Retry-After': '30' });
    first();
    first();
    tasks.reserve(30);
    expect(() => tasks.reserve(30)).toThrow();
  });

  it('keeps an ended task readable for retainMs, then forgets it', () => {
    const { tasks, advance } = tasksAt();
    const task = tasks.add(
      'file-1',
      { creator: 'admin', secretHash: null },
      null,
      new AbortController(),
    );
    expect(tasks.get(task.id)).toBe(task);
    expect(tasks.byFileId('file-1')).toBe(task);
    advance(5_000);
    expect(tasks.get(task.id)).toBe(task); // running tasks never expire
    tasks.end(task, { state: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'x' } });
    expect(tasks.running()).toEqual([]);
    advance(999);
    expect(tasks.get(task.id)?.state).toBe('failed');
    advance(2);
    expect(tasks.get(task.id)).toBeUndefined();
    expect(tasks.byFileId('file-1')).toBeUndefined();
  });
});
