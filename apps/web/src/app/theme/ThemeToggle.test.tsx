import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setOsPrefersDark } from '../../test/match-media';
import { nextThemeMode } from './color-scheme';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const THEME_KEY = 'pasteport.theme';
const appliedScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('nextThemeMode', () => {
  it('cycles auto → light → dark → auto (SPEC §4)', () => {
    expect(nextThemeMode('auto')).toBe('light');
    expect(nextThemeMode('light')).toBe('dark');
    expect(nextThemeMode('dark')).toBe('auto');
  });
});

describe('theme toggle', () => {
  it('starts in auto mode and names it in its accessible label', async () => {
    renderApp('/');
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle).toHaveAttribute('data-theme-mode', 'auto');
    expect(toggle).toHaveAccessibleName('Theme: Auto (follow system)');
  });

  it('cycles through the modes, applying and persisting each one', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByTestId('theme-toggle');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('data-theme-mode', 'light');
    expect(toggle).toHaveAccessibleName('Theme: Light');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('light');
    expect(appliedScheme()).toBe('light');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('data-theme-mode', 'dark');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(appliedScheme()).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('data-theme-mode', 'auto');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('auto');
  });

  it('restores the saved mode on reload', async () => {
    window.localStorage.setItem(THEME_KEY, 'dark');
    renderApp('/');
    expect(await screen.findByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
    expect(appliedScheme()).toBe('dark');
  });

  it('ignores a corrupt saved value and falls back to auto', async () => {
    window.localStorage.setItem(THEME_KEY, 'purple');
    renderApp('/');
    expect(await screen.findByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'auto');
  });

  it('in auto mode follows the operating system, including later changes', async () => {
    setOsPrefersDark(true);
    renderApp('/');
    await screen.findByTestId('theme-toggle');
    await waitFor(() => expect(appliedScheme()).toBe('dark'));

    setOsPrefersDark(false);
    await waitFor(() => expect(appliedScheme()).toBe('light'));
  });

  it('in an explicit mode ignores the operating system', async () => {
    window.localStorage.setItem(THEME_KEY, 'light');
    setOsPrefersDark(true);
    renderApp('/');
    await screen.findByTestId('theme-toggle');
    expect(appliedScheme()).toBe('light');
  });

  it('translates its label with the interface language', async () => {
    renderApp('/', { language: 'zh-CN' });
    expect(await screen.findByTestId('theme-toggle')).toHaveAccessibleName(
      '主题：自动（跟随系统）',
    );
  });
});
