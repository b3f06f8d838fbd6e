/**
 * The longest a test waits for something before it counts as never coming. Only a hang reaches
 * it, never a busy machine: tests bound their work (counts, steps, bytes), not their time.
 */
export const HANG_MS = 300_000;

/** Options for `vi.waitFor` and `expect.poll`: poll often, give up only on a hang. */
export const UNTIL_DONE = { timeout: HANG_MS, interval: 20 } as const;
