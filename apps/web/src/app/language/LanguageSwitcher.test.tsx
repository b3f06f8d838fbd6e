import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

describe('language switcher', () => {
  it('names the current language in its accessible label', async () => {
    renderApp('/', { language: 'zh-CN' });
    const switcher = await screen.findByTestId('language-switcher');
    expect(switcher).toHaveAccessibleName('语言：中文');
  });

  it('switches the interface, persists the choice and sets <html lang>', async () => {
    const { user } = renderApp('/upload', { language: 'zh-CN' });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('文件上传');

    await user.click(screen.getByTestId('language-switcher'));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'English' }));

    expect(screen.getByTestId('page-title')).toHaveTextContent('Upload files');
    expect(screen.getByTestId('language-switcher')).toHaveAccessibleName('Language: English');
    expect(window.localStorage.getItem('pasteport.language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Upload files · Pasteport');
  });
});
