import type { Mermaid } from 'mermaid';

let pending: Promise<Mermaid> | undefined;

/** Loads Mermaid (its own lazy chunks) once; a failed load is retried by the next call. */
export function loadMermaid(): Promise<Mermaid> {
  pending ??= import('mermaid').then((module) => module.default);
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
