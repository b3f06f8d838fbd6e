import type { Task } from '@pasteport/contract';
import { QueryClient } from '@tanstack/react-query';
import axe from 'axe-core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { fail, ok, requestsTo, stubServer, type FakeRoutes } from '../../../test/fake-server';
import { createAppRenderer } from '../../../test/render-app';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { givenDetail, givenItem, givenTask } from '../task-fixtures';
import { TASK_POLL_MS } from '../task-model';

const renderApp = createAppRenderer(appRoutes);
const MB = 1024 * 1024;
const LIST = 'GET /api/tasks';

/** A fake task server whose list the test changes as the server would. */
function taskRoutes(initial: Task[], extra: FakeRoutes = {}) {
  const state = { tasks: initial };
  const routes: FakeRoutes = {
    [LIST]: () => ok({ items: state.tasks, total: state.tasks.length, limit: 100, offset: 0 }),
    'DELETE /api/tasks': ({ url }) => {
      const status = url.searchParams.get('status');
      const before = state.tasks.length;
      state.tasks = state.tasks.filter((task) => task.status !== status);
      return ok({ deleted: before - state.tasks.length });
    },
    ...extra,
  };
  const update = (id: string, patch: Partial<Task>) => {
    state.tasks = state.tasks.map((task) => (task.id === id ? { ...task, ...patch } : task));
    return state.tasks.find((task) => task.id === id);
  };
  return { state, routes, update };
}

/** The query parameters of one request the fake server received. */
const queryOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost').searchParams;

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByTestId('tasks-button'));
  return screen.findByRole('dialog', { name: 'Tasks' });
}

const taskCard = (panel: HTMLElement, id: string) =>
  within(panel)
    .getAllByTestId('task')
    .find((card) => card.dataset.taskId === id) as HTMLElement;

describe('task manager button', () => {
  it('is absent for a guest, who never asks for tasks', async () => {
    const fetchMock = stubServer(taskRoutes([givenTask()]).routes);
    renderApp('/upload');
    await screen.findByTestId('page-title');
    expect(screen.queryByTestId('tasks-button')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(0);
  });

  it('is absent for a key without the mount permission', async () => {
    const fetchMock = signInWithApiKey(keyInfo({ text: true }), taskRoutes([givenTask()]).routes);
    renderApp('/');
    await screen.findByTestId('page-title');
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('tasks-button')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(0);
  });

  it('is absent while a mount user has no task', async () => {
    const fetchMock = signInAsAdmin(taskRoutes([]).routes);
    renderApp('/upload');
    await screen.findByTestId('page-title');
    await waitFor(() => expect(requestsTo(fetchMock, LIST)).toHaveLength(1));
    // Let the empty answer land before looking.
    await act(async () => {
      await fetchMock.mock.results.at(-1)?.value;
    });
    expect(screen.queryByTestId('tasks-button')).not.toBeInTheDocument();
  });

  it('shows a key with the mount permission its tasks, with the active count', async () => {
    const tasks = [
      givenTask({ id: 'a', status: 'running' }),
      givenTask({ id: 'b', status: 'pending' }),
      givenTask({ id: 'c', status: 'completed' }),
    ];
    signInWithApiKey(keyInfo({ mount: true }), taskRoutes(tasks).routes);
    renderApp('/upload');
    const button = await screen.findByRole('button', { name: 'Tasks: 2 in progress' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('tasks-badge')).toHaveTextContent('2');
  });

  it('shows no count when every task has finished', async () => {
    signInAsAdmin(taskRoutes([givenTask({ status: 'failed' })]).routes);
    renderApp('/upload');
    expect(await screen.findByRole('button', { name: 'Tasks' })).toBeInTheDocument();
    expect(screen.queryByTestId('tasks-badge')).not.toBeInTheDocument();
  });
});

describe('task panel', () => {
  it('lists tasks newest first with kind, status, progress, error and time', async () => {
    const tasks = [
      givenTask({
        id: 'up',
        type: 'upload',
        status: 'running',
        progress: { current: 3, total: 10, bytes_done: 12 * MB, bytes_total: 40 * MB },
      }),
      givenTask({
        id: 'del',
        type: 'delete',
        status: 'partial',
        progress: { current: 2, total: 2, bytes_done: 0, bytes_total: 0 },
        error: '1 of 2 items failed',
      }),
      givenTask({ id: 'dl', type: 'download', status: 'completed' }),
    ];
    signInAsAdmin(taskRoutes(tasks).routes);
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);

    const cards = await within(panel).findAllByTestId('task');
    expect(cards.map((card) => within(card).getByTestId('task-label').textContent)).toEqual([
      'Upload',
      'Delete',
      'Download',
    ]);
    expect(cards.map((card) => within(card).getByTestId('task-status').textContent)).toEqual([
      'Running',
      'Partly completed',
      'Completed',
    ]);
    expect(within(cards[0]!).getByTestId('task-progress')).toHaveTextContent(
      '3 of 10 files · 12 MB of 40 MB',
    );
    const bar = within(cards[0]!).getByRole('progressbar', {
      name: 'Progress of the Upload task',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(within(cards[1]!).getByText('1 of 2 items failed')).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('task-progress')).toHaveTextContent('2 of 2 files');
    expect(cards[0]!.querySelector('time')).toHaveAttribute('dateTime', tasks[0]!.created_at);
    expect(screen.getByTestId('tasks-button')).toHaveAttribute('aria-expanded', 'true');
  });

  it('labels a copy whose last item removes its source a move', async () => {
    const move = givenTask({
      id: 'mv',
      type: 'copy',
      progress: { current: 1, total: 3, bytes_done: 0, bytes_total: 0 },
    });
    const copy = givenTask({
      id: 'cp',
      type: 'copy',
      progress: { current: 0, total: 2, bytes_done: 0, bytes_total: 0 },
    });
    const removal = givenItem({ seq: 3, source: '/docs', target: '' });
    const fetchMock = signInAsAdmin(
      taskRoutes([move, copy], {
        'GET /api/tasks/mv': () =>
          ok(givenDetail(move, [removal], { items_total: 3, items_offset: 2 })),
        'GET /api/tasks/cp': () =>
          ok(givenDetail(copy, [givenItem({ seq: 2 })], { items_total: 2, items_offset: 1 })),
      }).routes,
    );
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);

    await waitFor(() => expect(taskCard(panel, 'mv')).toHaveTextContent(/^Move/));
    expect(within(taskCard(panel, 'cp')).getByTestId('task-label')).toHaveTextContent('Copy');
    const [input] = requestsTo(fetchMock, 'GET /api/tasks/mv')[0]!;
    const query = queryOf(input);
    expect([query.get('items_limit'), query.get('items_offset')]).toEqual(['1', '2']);
  });

  it('expands a task to its files, 100 per page, with per-file status and error', async () => {
    const task = givenTask({
      id: 'dl',
      type: 'download',
      status: 'partial',
      progress: { current: 150, total: 150, bytes_done: 0, bytes_total: 0 },
    });
    const pageOne = [
      givenItem({
        seq: 1,
        source: 'https://example.com/a.zip',
        target: '/in/a.zip',
        status: 'completed',
        bytes: 2 * MB,
      }),
      givenItem({
        seq: 2,
        source: 'https://example.com/b.zip',
        target: '/in/b.zip',
        status: 'failed',
        error: 'HTTP 404 from the source',
      }),
    ];
    const pageTwo = [
      givenItem({ seq: 101, source: 'https://example.com/z.zip', status: 'downloading' }),
    ];
    const fetchMock = signInAsAdmin(
      taskRoutes([task], {
        'GET /api/tasks/dl': ({ url }) =>
          url.searchParams.get('items_offset') === '100'
            ? ok(givenDetail(task, pageTwo, { items_total: 150, items_offset: 100 }))
            : ok(givenDetail(task, pageOne, { items_total: 150 })),
      }).routes,
    );
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);
    const toggle = await within(panel).findByRole('button', {
      name: 'Show files of the Download task',
    });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const region = await within(panel).findByRole('region', { name: 'Files of the task' });
    const rows = await within(region).findAllByTestId('task-item');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('https://example.com/a.zip');
    expect(rows[0]).toHaveTextContent('to /in/a.zip');
    expect(rows[0]).toHaveTextContent('Done');
    expect(rows[0]).toHaveTextContent('2 MB');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('HTTP 404 from the source');

    await user.click(within(region).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        within(region)
          .getAllByTestId('task-item')
          .map((row) => row.textContent),
      ).toEqual([expect.stringContaining('https://example.com/z.zip')]),
    );
    expect(within(region).getByTestId('task-item')).toHaveTextContent('Transferring');
    const offsets = requestsTo(fetchMock, 'GET /api/tasks/dl').map(([input]) =>
      queryOf(input).get('items_offset'),
    );
    expect(offsets).toEqual(['0', '100']);
  });

  it('cancels a running task and shows the list as it is after', async () => {
    const server = taskRoutes([givenTask({ id: 't1', status: 'running' })]);
    server.routes['POST /api/tasks/t1/cancel'] = () =>
      ok(server.update('t1', { status: 'cancelled', cancel_requested: true }));
    const fetchMock = signInAsAdmin(server.routes);
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);
    const listed = requestsTo(fetchMock, LIST).length;

    await user.click(await within(panel).findByRole('button', { name: 'Cancel the Copy task' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('task-status')).toHaveTextContent('Cancelled'),
    );
    expect(requestsTo(fetchMock, 'POST /api/tasks/t1/cancel')).toHaveLength(1);
    expect(requestsTo(fetchMock, LIST).length).toBeGreaterThan(listed);
    expect(within(panel).queryByRole('button', { name: 'Cancel the Copy task' })).toBeNull();
    expect(
      within(panel).getByRole('button', { name: 'Retry failed files of the Copy task' }),
    ).toBeInTheDocument();
  });

  it('retries a failed task, which runs again', async () => {
    const server = taskRoutes([givenTask({ id: 't1', type: 'delete', status: 'failed' })]);
    server.routes['POST /api/tasks/t1/retry'] = () =>
      ok(server.update('t1', { status: 'pending' }));
    const fetchMock = signInAsAdmin(server.routes);
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);

    await user.click(
      await within(panel).findByRole('button', { name: 'Retry failed files of the Delete task' }),
    );
    await waitFor(() =>
      expect(within(panel).getByTestId('task-status')).toHaveTextContent('Waiting'),
    );
    expect(requestsTo(fetchMock, 'POST /api/tasks/t1/retry')).toHaveLength(1);
    expect(screen.getByTestId('tasks-button')).toHaveAccessibleName('Tasks: 1 in progress');
  });

  it('says why a retry was refused (409)', async () => {
    const server = taskRoutes([givenTask({ id: 't1', status: 'partial' })]);
    server.routes['POST /api/tasks/t1/retry'] = () => fail(409, 'CONFLICT');
    signInAsAdmin(server.routes);
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);
    await user.click(
      await within(panel).findByRole('button', { name: 'Retry failed files of the Copy task' }),
    );
    expect(
      await screen.findByText('Nothing to retry: the task is still running or no file failed.'),
    ).toBeInTheDocument();
  });

  it('clears every finished status present, one request each, and keeps running tasks', async () => {
    const server = taskRoutes([
      givenTask({ id: 'r', status: 'running' }),
      givenTask({ id: 'c', status: 'completed' }),
      givenTask({ id: 'f', status: 'failed' }),
      givenTask({ id: 'p', status: 'partial' }),
    ]);
    const fetchMock = signInAsAdmin(server.routes);
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);
    await within(panel).findAllByTestId('task');
    expect(
      within(panel).getByText(/removes completed, failed, cancelled and partly completed/),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Clear finished' }));
    await waitFor(() => expect(within(panel).getAllByTestId('task')).toHaveLength(1));
    const cleared = requestsTo(fetchMock, 'DELETE /api/tasks').map(([input]) =>
      queryOf(input).get('status'),
    );
    expect(cleared).toEqual(['completed', 'failed', 'partial']);
    expect(within(panel).getByRole('button', { name: 'Clear finished' })).toBeDisabled();
  });

  it('closes with Escape and gives focus back to the button', async () => {
    signInAsAdmin(taskRoutes([givenTask({ status: 'completed' })]).routes);
    const { user } = renderApp('/upload');
    await openPanel(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('tasks-button')).toHaveFocus());
  });

  it('has no serious or critical axe violations, items expanded', async () => {
    const task = givenTask({ id: 't1', status: 'partial', error: 'one file failed' });
    signInAsAdmin(
      taskRoutes([task, givenTask({ id: 't2', type: 'upload' })], {
        'GET /api/tasks/t1': () =>
          ok(givenDetail(task, [givenItem({ status: 'failed', error: 'gone' })])),
      }).routes,
    );
    const { user } = renderApp('/upload');
    const panel = await openPanel(user);
    await user.click(
      within(taskCard(panel, 't1')).getByRole('button', { name: 'Show files of the Copy task' }),
    );
    await within(panel).findByTestId('task-item');
    // jsdom draws nothing, so contrast is left to the browser tests.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
  });

  it('is in Chinese for a Chinese reader', async () => {
    signInAsAdmin(taskRoutes([givenTask({ type: 'delete', status: 'cancelled' })]).routes);
    const { user } = renderApp('/upload', { language: 'zh-CN' });
    await user.click(await screen.findByRole('button', { name: '任务' }));
    const panel = await screen.findByRole('dialog', { name: '任务' });
    expect(await within(panel).findByTestId('task-label')).toHaveTextContent('删除');
    expect(within(panel).getByTestId('task-status')).toHaveTextContent('已取消');
  });
});

describe('polling', () => {
  it('polls every 5 s while a task is active, refreshes folders when it finishes, then stops', async () => {
    // Only the interval react-query polls with is faked: waits and transitions stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const server = taskRoutes([givenTask({ id: 't1', status: 'running' })]);
    const fetchMock = signInAsAdmin(server.routes);
    renderApp('/upload');
    await screen.findByRole('button', { name: 'Tasks: 1 in progress' });
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS));
    await waitFor(() => expect(requestsTo(fetchMock, LIST)).toHaveLength(2));
    const fsRefreshes = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'fs').length;
    expect(fsRefreshes()).toBe(0);

    server.update('t1', { status: 'completed' });
    await act(() => vi.advanceTimersByTimeAsync(TASK_POLL_MS));
    await screen.findByRole('button', { name: 'Tasks' });
    expect(requestsTo(fetchMock, LIST)).toHaveLength(3);
    expect(fsRefreshes()).toBe(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['fs'] });

    // Nothing active: a minute passes without another request.
    await act(() => vi.advanceTimersByTimeAsync(12 * TASK_POLL_MS));
    expect(requestsTo(fetchMock, LIST)).toHaveLength(3);
    expect(fsRefreshes()).toBe(1);
    invalidate.mockRestore();
  });
});
