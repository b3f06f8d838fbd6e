import type { Task } from '@pasteport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FS_QUERY_KEY } from '../../lib/query-keys';
import { useRefreshFoldersOnTaskFinish } from './api';
import { givenTask } from './task-fixtures';

function renderWatcher(initial: Task[] | undefined) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['fs', 'list', '/docs'], { entries: [] });
  queryClient.setQueryData(['admin', 's3-configs'], []);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ tasks }) => useRefreshFoldersOnTaskFinish(tasks), {
    wrapper,
    initialProps: { tasks: initial },
  });
  return { ...view, queryClient, invalidate };
}

describe('useRefreshFoldersOnTaskFinish', () => {
  it('invalidates the fs queries once when an active task finishes', () => {
    const running = [givenTask({ id: 'a', status: 'running' })];
    const { rerender, queryClient, invalidate } = renderWatcher(running);
    expect(invalidate).not.toHaveBeenCalled();

    rerender({ tasks: [givenTask({ id: 'a', status: 'running' })] });
    expect(invalidate).not.toHaveBeenCalled();

    const done = [givenTask({ id: 'a', status: 'completed' })];
    rerender({ tasks: done });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: FS_QUERY_KEY });
    expect(queryClient.getQueryState(['fs', 'list', '/docs'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['admin', 's3-configs'])?.isInvalidated).toBe(false);

    // The next answer with the task still finished refreshes nothing again.
    rerender({ tasks: [givenTask({ id: 'a', status: 'completed' })] });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('refreshes nothing for tasks that were already finished when first seen', () => {
    const { rerender, invalidate } = renderWatcher(undefined);
    rerender({ tasks: [givenTask({ id: 'a', status: 'failed' })] });
    rerender({ tasks: [givenTask({ id: 'a', status: 'failed' }), givenTask({ id: 'b' })] });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
