import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { createAuthStore } from '../../lib/auth';
import type { Connectivity } from '../../lib/connectivity';
import { createI18n } from '../../lib/i18n';
import { createPwaStore, type PwaStore } from '../pwa-store';
import { OfflineBadge } from './OfflineBadge';
import { PwaPromptsSlot } from './PwaPromptsSlot';
import { useOfflineToast } from './use-offline-toast';

function givenStore() {
  let dismissedAt: number | undefined;
  return createPwaStore({
    now: () => 1_000,
    isStandalone: () => false,
    readDismissedAt: () => dismissedAt,
    writeDismissedAt: (at) => {
      dismissedAt = at;
    },
  });
}

function renderWith(node: React.ReactNode, store: PwaStore, language: 'en' | 'zh-CN' = 'en') {
  render(
    <AppProviders
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
      authStore={createAuthStore()}
      pwaStore={store}
      mantineEnv="test"
    >
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
  return userEvent.setup();
}

/** Connectivity the test switches (the browser's events are the app's default). */
class SwitchableConnectivity implements Connectivity {
  online = true;
  private readonly listeners = new Set<(online: boolean) => void>();
  isOnline = () => this.online;
  subscribe = (listener: (online: boolean) => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(online: boolean) {
    this.online = online;
    for (const listener of this.listeners) listener(online);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PWA prompts', () => {
  it('shows nothing while there is nothing to offer', () => {
    renderWith(<PwaPromptsSlot />, givenStore());
    expect(screen.queryByRole('region', { name: 'App notices' })).toBeNull();
  });

  it('offers installing, and "Not now" puts it away', async () => {
    const store = givenStore();
    store.offerInstallation({
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    const user = renderWith(<PwaPromptsSlot />, store);
    const card = await screen.findByRole('region', { name: 'App notices' });
    expect(card).toHaveTextContent('Install Pasteport');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'App notices' })).toBeNull();
    expect(store.getState().offerInstall).toBe(false);
  });

  it('installs through the browser’s dialog from Install', async () => {
    const store = givenStore();
    const prompt = vi.fn(() => Promise.resolve());
    store.offerInstallation({ prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    const user = renderWith(<PwaPromptsSlot />, store);
    await user.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(store.getState().installed).toBe(true);
  });

  it('puts an update first and reloads into it on request, in Chinese too', async () => {
    const store = givenStore();
    const apply = vi.fn();
    store.onApplyUpdate(apply);
    store.offerInstallation({
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    store.setUpdate('needRefresh');
    const user = renderWith(<PwaPromptsSlot />, store, 'zh-CN');
    await user.click(await screen.findByRole('button', { name: '重新加载以更新' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('pwa-update')).toHaveTextContent('正在更新');
  });
});

describe('offline signs', () => {
  function Signs({ connectivity }: { connectivity: Connectivity }) {
    useOfflineToast(connectivity);
    return null;
  }

  it('toasts once on going offline and takes the toast away when back', async () => {
    const connectivity = new SwitchableConnectivity();
    renderWith(<Signs connectivity={connectivity} />, givenStore());
    act(() => connectivity.set(false));
    expect(
      await screen.findByText(
        'You are offline. Pages you opened before still work; changes are sent when you are back online.',
      ),
    ).toBeInTheDocument();
    act(() => connectivity.set(false));
    expect(screen.getAllByText(/You are offline/)).toHaveLength(1);
  });

  it('shows the header badge only while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWith(<OfflineBadge />, givenStore());
    expect(screen.getByTestId('offline-badge')).toHaveTextContent('Offline');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-badge')).toBeNull();
  });
});
