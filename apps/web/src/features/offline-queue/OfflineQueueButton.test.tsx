import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { createAuthStore } from '../../lib/auth';
import { createI18n } from '../../lib/i18n';
import { deleteOfflineDb } from '../../lib/offline-db';
import type { OfflineQueue, QueueEntry, ReplayState } from '../../lib/offline-queue';
import { noteQueueSize } from '../../lib/offline-queue/queue-size';
import { enqueue, replayStore } from '../../lib/offline-queue/queue-store';
import { OfflineQueueButton } from './OfflineQueueButton';

const OWNER = 'guest@/api';

/** A queue whose replay the test drives; sent entries are announced through `announce`. */
function givenQueue(state: ReplayState = 'idle') {
  const sent = new Set<(entry: QueueEntry, data: unknown) => void>();
  const replayNow = vi.fn(() => Promise.resolve('done' as const));
  const queue: OfflineQueue = {
    replayState: () => state,
    subscribeReplayState: () => () => undefined,
    onSent: (listener) => {
      sent.add(listener);
      return () => sent.delete(listener);
    },
    replayNow,
    owner: () => OWNER,
  };
  const announce = (entry: QueueEntry, data: unknown) => {
    for (const listener of sent) listener(entry, data);
  };
  return { queue, announce, replayNow };
}

function renderButton(queue: OfflineQueue) {
  render(
    <AppProviders
      i18n={createI18n('en')}
      queryClient={createQueryClient()}
      authStore={createAuthStore()}
      offlineQueue={queue}
      mantineEnv="test"
    >
      <MemoryRouter>
        <OfflineQueueButton />
      </MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup();
}

const request = (content: string) => ({
  type: 'createPaste' as const,
  endpoint: '/paste',
  method: 'POST',
  body: { content },
  idempotencyKey: `key-${content}`,
  context: 'default' as const,
});

afterEach(async () => {
  noteQueueSize(0);
  await deleteOfflineDb();
});

describe('offline queue button and panel', () => {
  it('shows nothing while nothing waits', () => {
    renderButton(givenQueue().queue);
    expect(screen.queryByTestId('offline-queue-button')).toBeNull();
  });

  it('lists what waits, with its status and failure, and discards an entry', async () => {
    await enqueue(OWNER, request('one'));
    await enqueue(OWNER, request('two'));
    const [first] = await replayStore.pending(OWNER);
    await replayStore.update(first?.id ?? 0, {
      status: 'failed',
      failure: { status: 409, code: 'SLUG_TAKEN' },
    });
    const { queue, replayNow } = givenQueue();
    const user = renderButton(queue);

    const button = await screen.findByRole('button', { name: 'Changes waiting to be sent: 2' });
    await user.click(button);
    const items = await screen.findAllByTestId('offline-queue-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Not sent');
    expect(items[0]).toHaveTextContent('The server refused it');
    expect(items[1]).toHaveTextContent('Waiting');

    await user.click(screen.getByRole('button', { name: 'Try again: New paste' }));
    await waitFor(() => expect(replayNow).toHaveBeenCalled());
    await user.click(
      screen.getAllByRole('button', { name: 'Discard: New paste' })[1] as HTMLElement,
    );
    await waitFor(() => expect(screen.getAllByTestId('offline-queue-item')).toHaveLength(1));
  });

  it('tells of a paste sent from the queue, with its link', async () => {
    noteQueueSize(1);
    const { queue, announce } = givenQueue();
    renderButton(queue);
    await screen.findByTestId('offline-queue-button');
    act(() =>
      announce(
        {
          id: 1,
          type: 'createPaste',
          endpoint: '/paste',
          method: 'POST',
          data: { body: {}, idempotencyKey: 'k', context: 'default' },
          timestamp: 0,
          status: 'processing',
        },
        { slug: 'tunnel' },
      ),
    );
    const link = await screen.findByTestId('offline-sent-paste');
    expect(link).toHaveAttribute('href', '/paste/tunnel');
    expect(screen.getByText('Your paste made offline is shared.')).toBeInTheDocument();
  });
});
