import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pretendPhone } from '../test/kits/managed-list-kit';
import { appRoutes } from './router';
import { createAppRenderer } from '../test/render-app';

const renderApp = createAppRenderer(appRoutes);

/** Shows a toast and says which corner of the screen holds it. */
async function toastPosition() {
  renderApp('/upload');
  await screen.findByTestId('page-title');
  act(() => {
    notifications.clean();
    notifications.show({ message: 'Link copied' });
  });
  const toast = await screen.findByText('Link copied');
  return toast.closest('[data-position]')?.getAttribute('data-position');
}

describe('notifications', () => {
  it('appear bottom right, away from the header buttons', async () => {
    expect(await toastPosition()).toBe('bottom-right');
  });

  it('appear at the bottom on a phone', async () => {
    pretendPhone();
    expect(await toastPosition()).toBe('bottom-center');
  });
});
