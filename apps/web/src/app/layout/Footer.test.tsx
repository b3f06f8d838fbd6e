import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

describe('footer', () => {
  it('shows the copyright with the current year and the app version', async () => {
    // Only Date is faked, so React and the router keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
    renderApp('/');
    const footer = await screen.findByTestId('app-footer');
    expect(footer).toHaveTextContent('© 2031 Pasteport');
    expect(footer).toHaveTextContent('Version 0.7.0');
  });

  it('is translated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-12-31T12:00:00Z'));
    renderApp('/', { language: 'zh-CN' });
    const footer = await screen.findByTestId('app-footer');
    expect(footer).toHaveTextContent('© 2030 Pasteport');
    expect(footer).toHaveTextContent('版本 0.7.0');
  });
});
