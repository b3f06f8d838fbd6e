/**
 * The router state that keeps a visit alive across a rename: the page moves to the new link
 * (replacing the history entry) but stays the same visit, so its counted preview is kept.
 */
export interface FileVisitState {
  fileVisit: string;
}

/** The visit a location continues, if its state names one. */
export function continuedVisit(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('fileVisit' in state)) return undefined;
  const visit = state.fileVisit;
  return typeof visit === 'string' ? visit : undefined;
}
