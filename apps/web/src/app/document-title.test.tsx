import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { signInAsAdmin } from '../test/sessions';
import { appRoutes } from './router';
import { createAppRenderer } from '../test/render-app';

const renderApp = createAppRenderer(appRoutes);

describe('document title', () => {
  it.each([
    ['/', 'Online clipboard · Pasteport'],
    ['/upload', 'Upload files · Pasteport'],
    ['/paste/abc', 'Shared paste · Pasteport'],
    ['/file/abc', 'Shared file · Pasteport'],
    ['/mount-explorer/a/b', 'Mount explorer · Pasteport'],
    ['/admin', 'Dashboard · Admin panel · Pasteport'],
    ['/admin/settings', 'Settings · Admin panel · Pasteport'],
  ])('%s is titled "%s"', async (path, title) => {
    signInAsAdmin();
    renderApp(path);
    await screen.findByTestId('page-title');
    // A lazily loaded page may name the tab in the commit after its heading appears.
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles the admin login while signed out', async () => {
    renderApp('/admin');
    await screen.findByTestId('page-title');
    expect(document.title).toBe('Sign in · Admin panel · Pasteport');
  });

  it('follows route changes', async () => {
    signInAsAdmin();
    const { router } = renderApp('/');
    await screen.findByTestId('page-title');
    await act(() => router.navigate('/admin/key-management'));
    await waitFor(() => expect(document.title).toBe('API keys · Admin panel · Pasteport'));
  });

  it('follows language changes', async () => {
    const { i18n } = renderApp('/upload', { language: 'en' });
    await screen.findByTestId('page-title');
    await act(() => changeLanguage(i18n, 'zh-CN'));
    expect(document.title).toBe('文件上传 · Pasteport');
  });
});
