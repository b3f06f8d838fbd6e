import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

/** The max width Mantine gives the main container ('' when it takes the whole width). */
async function mainMaxWidth(path: string) {
  renderApp(path);
  await screen.findByTestId('page-title');
  return screen.getByRole('main').style.getPropertyValue('--container-size');
}

describe('app layout', () => {
  it('keeps ordinary pages to a readable width', async () => {
    expect(await mainMaxWidth('/upload')).toBe('var(--container-size-lg)');
  });

  it('gives the admin area the whole width for its tables', async () => {
    expect(await mainMaxWidth('/admin/text-management')).toBe('');
  });
});
