import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_TTL_MS } from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/encryption.js';
import type { IdempotencyRepository, IdempotencyRow } from './idempotency.repository.js';

/** An answer as sent: kept for the repeats of the request that made it. */
export interface IdempotentAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A key this request holds while it runs. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  requestId: string;
}

/** What a request with a key does: run (holding the key), or answer the first answer again. */
export type IdempotencyOutcome =
  { kind: 'run'; claim: IdempotencyClaim } | { kind: 'replay'; answer: IdempotentAnswer };

/** How long a repeat waits for the first request with its key to answer, and how often it looks. */
export interface IdempotencyWait {
  waitMs: number;
  pollMs: number;
}

export const DEFAULT_IDEMPOTENCY_WAIT: IdempotencyWait = { waitMs: 10_000, pollMs: 50 };

/** What a repeat still in progress is told to wait, in seconds. */
export const IN_PROGRESS_RETRY_AFTER_S = 1;

/**
 * Answers that say nothing about the request itself — a fault of ours or a dependency's, or a
 * refusal of the caller rather than of the request (credentials, time, rate) — free the key:
 * a retry must be able to run.
 */
export function keepsKey(status: number): boolean {
  return status < 500 && ![401, 403, 408, 429].includes(status);
}

/** Whose keys a caller's are: one caller never reaches another's stored answer. */
export function idempotencyScope(actor: Actor): string {
  if (actor.kind === 'admin') return `admin:${actor.adminId}`;
  if (actor.kind === 'apikey') return `apikey:${actor.keyId}`;
  return 'guest';
}

/**
 * The `Idempotency-Key` rules (ARCHITECTURE §6): the first request with a key claims it
 * atomically and runs; a repeat (same caller, same fingerprint) waits for it and answers its
 * answer again; the key with another request is a 422. Answers are sealed at rest, since some
 * carry tokens (a login's session, a new API key, an upload secret).
 */
export function createIdempotencyService(deps: {
  repo: IdempotencyRepository;
  clock: Clock;
  box: SecretBox;
  wait?: Partial<IdempotencyWait>;
}) {
  const { repo, clock, box } = deps;
  const { waitMs, pollMs } = { ...DEFAULT_IDEMPOTENCY_WAIT, ...deps.wait };
  // Bounded by looks, not by the clock: a test's clock may stand still.
  const maxPolls = pollMs > 0 ? Math.ceil(waitMs / pollMs) : 0;
  // The sealed body opens only on its own row and request.
  const contextOf = (row: Pick<IdempotencyRow, 'scope' | 'key' | 'fingerprint'>) =>
    `${row.scope}\n${row.key}\n${row.fingerprint}`;

  async function begin(
    actor: Actor,
    key: string,
    fingerprint: string,
    requestId: string,
  ): Promise<IdempotencyOutcome> {
    const scope = idempotencyScope(actor);
    for (let polls = 0; ; polls += 1) {
      const now = clock.now();
      const at = now.toISOString();
      const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString();
      const claim = { scope, key, fingerprint, request_id: requestId };
      if (await repo.claim({ ...claim, created_at: at, expires_at: expiresAt }, at)) {
        return { kind: 'run', claim: { scope, key, fingerprint, requestId } };
      }
      const row = await repo.findLive(scope, key, at);
      if (row && row.fingerprint !== fingerprint) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'this Idempotency-Key was used for another request (method, path or body); use a new key for a new request',
        );
      }
      if (row?.state === 'done') return { kind: 'replay', answer: answerOf(row) };
      if (polls >= maxPolls) {
        throw new AppError(
          'IDEMPOTENCY_IN_PROGRESS',
          'a request with this Idempotency-Key is still running; retry later',
          { headers: { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_S) } },
        );
      }
      // Still running elsewhere: look again shortly. (No row: it was given up just now, so
      // claim again at once.)
      if (row) await sleep(pollMs);
    }
  }

  function answerOf(row: IdempotencyRow): IdempotentAnswer {
    return {
      status: row.status_code ?? 500,
      contentType: row.content_type ?? 'application/json; charset=utf-8',
      body: box.open(row.response_body ?? '', contextOf(row)),
    };
  }

  return {
    begin,

    /**
     * Settles a claim when its request has answered: a JSON answer that is an outcome of the
     * request is kept for its repeats; anything else (no answer to keep — a stream — or an
     * answer `keepsKey` refuses) frees the key.
     */
    async settle(claim: IdempotencyClaim, answer: IdempotentAnswer | undefined): Promise<void> {
      const { scope, key, fingerprint, requestId } = claim;
      if (answer === undefined || !keepsKey(answer.status)) {
        await repo.release(scope, key, requestId);
        return;
      }
      await repo.finish(scope, key, requestId, {
        status_code: answer.status,
        content_type: answer.contentType,
        response_body: box.seal(answer.body, contextOf({ scope, key, fingerprint })),
      });
    },

    /** Deletes the keys whose 24 hours are over (housekeeping). */
    sweepExpired(): Promise<number> {
      return repo.deleteExpired(clock.now().toISOString());
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
