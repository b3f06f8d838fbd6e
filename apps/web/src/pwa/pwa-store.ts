import { shouldOfferInstall } from './install-offer';

/** A service worker's life (SPEC §4): unknown until one is seen. */
export type WorkerState = 'unknown' | 'installing' | 'waiting' | 'active' | 'redundant';

/**
 * Where an update stands (SPEC §4): `available` while a new version installs, `needRefresh`
 * once it waits for the person, `updating` after they chose to reload.
 */
export type UpdateState = 'none' | 'available' | 'needRefresh' | 'updating';

export interface PwaState {
  /** The browser offered installing (beforeinstallprompt was kept). */
  installable: boolean;
  /** Running as the installed app, or installed during this visit. */
  installed: boolean;
  /** Whether the install prompt shows now (installable, not installed, not dismissed lately). */
  offerInstall: boolean;
  worker: WorkerState;
  update: UpdateState;
}

/** The part of the `beforeinstallprompt` event the store uses (not in TypeScript's DOM lib). */
export interface InstallPromptEvent {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the store reads from the browser, replaceable in tests. */
export interface PwaEnvironment {
  now(): number;
  /** Whether the page runs as an installed app (display-mode standalone). */
  isStandalone(): boolean;
  readDismissedAt(): number | undefined;
  writeDismissedAt(at: number | undefined): void;
}

export interface PwaStore {
  getState: () => PwaState;
  subscribe: (listener: () => void) => () => void;
  /** Keeps the browser's install offer (the event whose prompt() installs). */
  offerInstallation(event: InstallPromptEvent): void;
  /** The app was installed (appinstalled, or the prompt accepted). */
  markInstalled(): void;
  /** Shows the browser's install dialog; a refusal there counts as "not now". */
  install(): Promise<void>;
  /** "Not now": the prompt comes back after 7 days. */
  dismissInstall(): void;
  setWorker(worker: WorkerState): void;
  setUpdate(update: UpdateState): void;
  /** What "reload to update" does; set by the registration. */
  onApplyUpdate(apply: () => void): void;
  applyUpdate(): void;
  /** Reads the browser again (SPEC §4: polled every 5 s), e.g. a dismissal that expired. */
  refresh(): void;
}

export function createPwaStore(env: PwaEnvironment): PwaStore {
  let installEvent: InstallPromptEvent | undefined;
  let apply: (() => void) | undefined;
  const listeners = new Set<() => void>();
  let state: PwaState = {
    installable: false,
    installed: env.isStandalone(),
    offerInstall: false,
    worker: 'unknown',
    update: 'none',
  };

  const set = (patch: Partial<PwaState>) => {
    const next = { ...state, ...patch };
    next.installed ||= env.isStandalone();
    next.offerInstall = shouldOfferInstall({
      installable: next.installable,
      installed: next.installed,
      dismissedAt: env.readDismissedAt(),
      now: env.now(),
    });
    const changed = (Object.keys(next) as (keyof PwaState)[]).some(
      (key) => next[key] !== state[key],
    );
    if (!changed) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const markInstalled = () => {
    installEvent = undefined;
    env.writeDismissedAt(undefined);
    set({ installable: false, installed: true });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offerInstallation(event) {
      installEvent = event;
      set({ installable: true });
    },
    markInstalled,
    async install() {
      const event = installEvent;
      if (!event) return;
      // The browser lets an offer be used once, whatever the answer.
      installEvent = undefined;
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'accepted') markInstalled();
      else {
        env.writeDismissedAt(env.now());
        set({ installable: false });
      }
    },
    dismissInstall() {
      env.writeDismissedAt(env.now());
      set({});
    },
    setWorker: (worker) => set({ worker }),
    setUpdate: (update) => set({ update }),
    onApplyUpdate(next) {
      apply = next;
    },
    applyUpdate() {
      if (state.update !== 'needRefresh' || !apply) return;
      set({ update: 'updating' });
      apply();
    },
    refresh: () => set({}),
  };
}
