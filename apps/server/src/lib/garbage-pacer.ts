import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Streamed bytes between two young-generation collections. Every chunk of a streamed body is
 * a fresh buffer outside the JS heap (Node allocates one per socket read, one per file read);
 * V8 frees a dead one only when a collection finds its small wrapper, and it starts one for
 * that memory only once ~64 MB of it has piled up. Measured on a 1 GiB upload: ~32 MB of dead
 * buffers at any moment (the process grew by 38 MB, bare node:http alike); collecting every
 * 8 MiB keeps it near 10 MB, for one scavenge (≈ 0.5 ms) per 8 MiB, ~1 % of the CPU time of a
 * streamed GiB (docs/decisions/0018-paced-garbage-collection.md).
 */
export const PACE_BYTES = 8 * 1024 * 1024;

/** Runs one young-generation collection now. */
export type MinorCollection = () => void;

/** Counts streamed bytes and collects the young generation every `paceBytes` of them. */
export interface GarbagePacer {
  /** Notes bytes that went through a stream (any stream, any direction). */
  note(bytes: number): void;
  /** Collections run so far (metrics and tests). */
  readonly collections: number;
  /** Whether collections can run at all (false: the runtime refused `--expose-gc`). */
  readonly active: boolean;
}

export function createGarbagePacer(
  collect: MinorCollection | undefined,
  paceBytes = PACE_BYTES,
): GarbagePacer {
  let pending = 0;
  let collections = 0;
  return {
    note(bytes) {
      if (!collect) return;
      pending += bytes;
      if (pending < paceBytes) return;
      // The rest carries over: a collection per paceBytes, whatever the chunk sizes.
      pending %= paceBytes;
      collections++;
      collect();
    },
    get collections() {
      return collections;
    },
    get active() {
      return collect !== undefined;
    },
  };
}

/**
 * V8's collector as a function, without starting node with `--expose-gc`: the flag set at run
 * time puts `gc` into contexts created afterwards (only this private one; the app's global
 * scope never gets it). Undefined where the runtime does not allow it: pacing is then off.
 */
export function minorCollection(): MinorCollection | undefined {
  if (collector !== null) return collector;
  collector = exposeMinorCollection();
  return collector;
}

/** Memoised: each exposure would create (and keep) one more context. */
let collector: MinorCollection | undefined | null = null;

function exposeMinorCollection(): MinorCollection | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    if (typeof gc !== 'function') return undefined;
    const run = gc as (options: { type: 'minor'; execution: 'sync' }) => void;
    return () => run({ type: 'minor', execution: 'sync' });
  } catch {
    return undefined;
  }
}

let processPacer: GarbagePacer | undefined;

/**
 * The process's pacer, created on first use: the garbage is the process's, whichever app,
 * request or task made it, so one count paces them all.
 */
export function processGarbagePacer(): GarbagePacer {
  processPacer ??= createGarbagePacer(minorCollection());
  return processPacer;
}
