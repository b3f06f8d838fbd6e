import { INSTALL_PROMPT_RESHOW_MS, PROMPT_POLL_MS } from '@pasteport/contract/plain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldOfferInstall } from './install-offer';
import { createPwaStore, type InstallPromptEvent, type PwaEnvironment } from './pwa-store';
import { startPwa } from './start-pwa';

function givenEnvironment(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  let dismissedAt: number | undefined;
  let standalone = false;
  const env: PwaEnvironment = {
    now: () => now,
    isStandalone: () => standalone,
    readDismissedAt: () => dismissedAt,
    writeDismissedAt: (at) => {
      dismissedAt = at;
    },
  };
  return {
    env,
    advance: (ms: number) => {
      now += ms;
    },
    setStandalone: (value: boolean) => {
      standalone = value;
    },
    dismissedAt: () => dismissedAt,
  };
}

function installEvent(
  outcome: 'accepted' | 'dismissed',
): InstallPromptEvent & { prompted: number } {
  const event = {
    prompted: 0,
    prompt: () => {
      event.prompted++;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  };
  return event;
}

describe('shouldOfferInstall', () => {
  const base = { installable: true, installed: false, dismissedAt: undefined, now: 1_000 };
  it('offers only what the browser can install and is not installed', () => {
    expect(shouldOfferInstall(base)).toBe(true);
    expect(shouldOfferInstall({ ...base, installable: false })).toBe(false);
    expect(shouldOfferInstall({ ...base, installed: true })).toBe(false);
  });

  it('waits 7 days after a dismissal, to the millisecond', () => {
    const dismissedAt = 5_000;
    const at = (now: number) => shouldOfferInstall({ ...base, dismissedAt, now });
    expect(at(dismissedAt + INSTALL_PROMPT_RESHOW_MS - 1)).toBe(false);
    expect(at(dismissedAt + INSTALL_PROMPT_RESHOW_MS)).toBe(true);
  });
});

describe('PWA store', () => {
  it('offers installing once the browser does, and not after the install', async () => {
    const { env, dismissedAt } = givenEnvironment();
    const store = createPwaStore(env);
    expect(store.getState().offerInstall).toBe(false);
    const event = installEvent('accepted');
    store.offerInstallation(event);
    expect(store.getState()).toMatchObject({ installable: true, offerInstall: true });

    await store.install();
    expect(event.prompted).toBe(1);
    expect(store.getState()).toMatchObject({ installed: true, offerInstall: false });
    expect(dismissedAt()).toBeUndefined();
  });

  it('hides the offer for 7 days after "not now" and brings it back on a later read', () => {
    const { env, advance } = givenEnvironment();
    const store = createPwaStore(env);
    store.offerInstallation(installEvent('accepted'));
    store.dismissInstall();
    expect(store.getState().offerInstall).toBe(false);

    advance(INSTALL_PROMPT_RESHOW_MS - 1);
    store.refresh();
    expect(store.getState().offerInstall).toBe(false);
    advance(1);
    store.refresh();
    expect(store.getState().offerInstall).toBe(true);
  });

  it('counts a refusal in the browser’s own dialog as "not now"', async () => {
    const { env, dismissedAt } = givenEnvironment();
    const store = createPwaStore(env);
    store.offerInstallation(installEvent('dismissed'));
    await store.install();
    expect(dismissedAt()).toBe(env.now());
    expect(store.getState()).toMatchObject({ installed: false, offerInstall: false });
  });

  it('reads an app running installed as installed and offers nothing', () => {
    const { env, setStandalone } = givenEnvironment();
    const store = createPwaStore(env);
    store.offerInstallation(installEvent('accepted'));
    setStandalone(true);
    store.refresh();
    expect(store.getState()).toMatchObject({ installed: true, offerInstall: false });
  });

  it('applies an update only when one waits, once, through the registration', () => {
    const { env } = givenEnvironment();
    const store = createPwaStore(env);
    const apply = vi.fn();
    store.onApplyUpdate(apply);
    store.applyUpdate();
    expect(apply).not.toHaveBeenCalled();

    store.setUpdate('available');
    store.setWorker('installing');
    store.setUpdate('needRefresh');
    store.setWorker('waiting');
    store.applyUpdate();
    store.applyUpdate();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ update: 'updating', worker: 'waiting' });
  });

  it('tells subscribers of changes only', () => {
    const { env } = givenEnvironment();
    const store = createPwaStore(env);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.refresh();
    expect(listener).not.toHaveBeenCalled();
    store.setWorker('active');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setWorker('redundant');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('startPwa', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the install offer, notices an install and re-reads the state every 5 s', () => {
    vi.useFakeTimers();
    const { env, advance } = givenEnvironment();
    const store = createPwaStore(env);
    startPwa(store, { register: false });

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(store.getState().offerInstall).toBe(true);

    store.dismissInstall();
    advance(INSTALL_PROMPT_RESHOW_MS);
    vi.advanceTimersByTime(PROMPT_POLL_MS - 1);
    expect(store.getState().offerInstall).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getState().offerInstall).toBe(true);

    window.dispatchEvent(new Event('appinstalled'));
    expect(store.getState()).toMatchObject({ installed: true, offerInstall: false });
  });
});
