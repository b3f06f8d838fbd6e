/** A scheduled job: a stable id, how often it runs, and what it does. */
export interface JobDefinition {
  /** Stable id; also the lease row's key. */
  id: string;
  everyMs: number;
  /** How long one run may hold the lease before another instance may take over. */
  leaseMs: number;
  /** Returns a short summary for the log (e.g. how many rows it removed). */
  run: () => Promise<Record<string, number>>;
}
