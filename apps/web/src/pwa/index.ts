/** The installable app (SPEC §1 PWA): its state, prompts and service worker registration. */
export { browserPwaEnvironment } from './browser-environment';
export { createPwaStore } from './pwa-store';
export type { PwaState, PwaStore, UpdateState, WorkerState } from './pwa-store';
export { PwaStoreProvider, usePwaState, usePwaStore } from './pwa-context';
export { startPwa } from './start-pwa';
export { OfflineBadge } from './components/OfflineBadge';
export { PwaPromptsSlot } from './components/PwaPromptsSlot';
export { useOfflineToast } from './components/use-offline-toast';
export { sharedText, useSharedContent, type SharedContent } from './use-shared-content';
