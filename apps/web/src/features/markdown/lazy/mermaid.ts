import type { Mermaid } from 'mermaid';
import { guardMermaidPurifier } from '../mermaid/guard-purifier';

let pending: Promise<Mermaid> | undefined;

/**
 * Loads Mermaid (its own lazy chunks) once; a failed load is retried by the next call. The
 * DOMPurify instance it sanitises labels with is guarded before Mermaid gets to use it.
 */
export function loadMermaid(): Promise<Mermaid> {
  pending ??= import('mermaid').then((module) => {
    guardMermaidPurifier();
    return module.default;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
