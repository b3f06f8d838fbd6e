import { lazy, Suspense } from 'react';
import { usePwaState } from '../pwa-context';

const PwaPrompts = lazy(() => import('./PwaPrompts').then((m) => ({ default: m.PwaPrompts })));

/** Loads the prompts' code only when one has something to say (most visits: never). */
export function PwaPromptsSlot() {
  const state = usePwaState();
  const show = state.offerInstall || state.update === 'needRefresh' || state.update === 'updating';
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  );
}
