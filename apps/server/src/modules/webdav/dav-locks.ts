import { randomUUID } from 'node:crypto';
import { isWithinPath } from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import type { Clock } from '../../lib/clock.js';
import { DavError } from './dav-error.js';
import type { DavLockRepository, DavLockRow } from './dav-lock.repository.js';
import { hrefOf, parentOf } from './dav-paths.js';
import { dav, escapeXml } from './dav-xml.js';

/** Lock timeouts: what a client gets without asking, and the most it may ask for. */
export const DAV_LOCK_DEFAULT_SECONDS = 3600;
export const DAV_LOCK_MAX_SECONDS = 86_400;

export type LockDepth = '0' | 'infinity';
export type LockScope = 'exclusive' | 'shared';

/** How a write touches a path, for the locks it must hold tokens of (RFC 4918 §7). */
export type WriteReach =
  /** Changes the resource itself (its content or properties). */
  | 'self'
  /** Removes or replaces it with everything beneath (DELETE, MOVE away, overwrite). */
  | 'tree'
  /** Adds or removes it as a member of its parent collection (PUT of a new file, MKCOL). */
  | 'member';

/** Who holds a lock: only they may use its token. */
export function principalOf(actor: Actor): string {
  if (actor.kind === 'admin') return `admin:${actor.adminId}`;
  if (actor.kind === 'apikey') return `apikey:${actor.keyId}`;
  return 'anonymous';
}

/** Whether a lock covers a path: its own root, or beneath a depth-infinity root. */
export function covers(lock: Pick<DavLockRow, 'path' | 'depth'>, path: string): boolean {
  return lock.path === path || (lock.depth === 'infinity' && isWithinPath(lock.path, path));
}

/** The `Timeout` header's first usable value, in seconds, within the bounds above. */
export function timeoutOf(header: string | undefined): number {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) return DAV_LOCK_MAX_SECONDS;
    const seconds = /^second-(\d+)$/i.exec(value)?.[1];
    if (seconds !== undefined) return Math.min(Math.max(Number(seconds), 1), DAV_LOCK_MAX_SECONDS);
  }
  return DAV_LOCK_DEFAULT_SECONDS;
}

/**
 * WebDAV class 2 locks, kept in the database so every instance sees them: taking one checks
 * conflicts and inserts in one transaction; every write asks `assertMayWrite` with the tokens
 * its `If` header submitted.
 */
export function createDavLocks(deps: { repo: DavLockRepository; clock: Clock }) {
  const { repo, clock } = deps;
  const now = () => clock.now();

  /** The live locks on a path or above it that cover it. */
  async function covering(path: string): Promise<DavLockRow[]> {
    const rows = await repo.around(path, now().toISOString(), false);
    return rows.filter((lock) => covers(lock, path));
  }

  return {
    covering,

    /** The live locks on a path, above it, and (with `below`) beneath it. */
    around(path: string, below: boolean): Promise<DavLockRow[]> {
      return repo.around(path, now().toISOString(), below);
    },

    /** The tokens of the live locks covering a path (for `If` evaluation). */
    async tokensOn(path: string): Promise<Set<string>> {
      return new Set((await covering(path)).map((lock) => lock.token));
    },

    /**
     * Takes a lock, or 423 `no-conflicting-lock` when an exclusive lock is in the way (or this
     * one is exclusive and any lock is): on the path, above it with depth infinity, or — for a
     * depth-infinity lock — anywhere below it.
     */
    async lock(
      actor: Actor,
      request: { path: string; depth: LockDepth; scope: LockScope; owner: string; timeout: number },
    ): Promise<DavLockRow> {
      return repo.transaction(async (trx) => {
        const at = now();
        const around = await trx.around(
          request.path,
          at.toISOString(),
          request.depth === 'infinity',
        );
        const conflicts = around.filter(
          (lock) =>
            (covers(lock, request.path) || isWithinPath(request.path, lock.path)) &&
            (lock.scope === 'exclusive' || request.scope === 'exclusive'),
        );
        if (conflicts.length > 0) {
          throw new DavError(423, `${request.path} is locked`, {
            condition: 'no-conflicting-lock',
            hrefs: conflicts.map((lock) => hrefOf(lock.path, false)),
          });
        }
        const row: DavLockRow = {
          token: `urn:uuid:${randomUUID()}`,
          path: request.path,
          depth: request.depth,
          scope: request.scope,
          owner: request.owner,
          principal: principalOf(actor),
          timeout_seconds: request.timeout,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + request.timeout * 1000).toISOString(),
        };
        await trx.insert(row);
        return row;
      });
    },

    /** Renews a lock that covers the path and belongs to the caller (412 otherwise). */
    async refresh(actor: Actor, path: string, tokens: ReadonlySet<string>, timeout: number) {
      const mine = (await covering(path)).filter(
        (lock) => tokens.has(lock.token) && lock.principal === principalOf(actor),
      );
      const lock = mine[0];
      if (!lock) {
        throw new DavError(412, 'no lock of yours on this resource was named in If', {
          condition: 'lock-token-matches-request-uri',
        });
      }
      const expiresAt = new Date(now().getTime() + timeout * 1000).toISOString();
      await repo.refresh(lock.token, timeout, expiresAt);
      return { ...lock, timeout_seconds: timeout, expires_at: expiresAt };
    },

    /** UNLOCK: the token must name a lock covering the path (409), the caller's own (403). */
    async unlock(actor: Actor, path: string, token: string): Promise<void> {
      const lock = (await covering(path)).find((candidate) => candidate.token === token);
      if (!lock) {
        throw new DavError(409, 'the Lock-Token names no lock of this resource', {
          condition: 'lock-token-matches-request-uri',
        });
      }
      if (lock.principal !== principalOf(actor)) {
        throw new DavError(403, 'the lock belongs to someone else');
      }
      await repo.delete(token);
    },

    /**
     * Refuses a write (423 `lock-token-submitted`, naming the locked resources) unless every
     * lock it touches had its token submitted by the lock's owner.
     */
    async assertMayWrite(
      actor: Actor,
      writes: readonly { path: string; reach: WriteReach }[],
      submitted: ReadonlySet<string>,
    ): Promise<void> {
      const principal = principalOf(actor);
      const blocking = new Map<string, DavLockRow>();
      for (const { path, reach } of writes) {
        const target = reach === 'member' ? parentOf(path) : path;
        const rows = await repo.around(
          reach === 'member' ? path : target,
          now().toISOString(),
          reach === 'tree',
        );
        for (const lock of rows) {
          // A new member changes its parent; a lock on the path itself (taken while it was
          // unmapped, or on an object another tool deleted) still guards it.
          const touches =
            covers(lock, path) ||
            (reach === 'member' && covers(lock, target)) ||
            (reach === 'tree' && isWithinPath(path, lock.path));
          const held = submitted.has(lock.token) && lock.principal === principal;
          if (touches && !held) blocking.set(lock.token, lock);
        }
        if (reach === 'tree' && path !== '/') {
          // Removing a member changes its parent collection too.
          for (const lock of await covering(parentOf(path))) {
            if (!(submitted.has(lock.token) && lock.principal === principal)) {
              blocking.set(lock.token, lock);
            }
          }
        }
      }
      if (blocking.size > 0) {
        throw new DavError(423, 'the resource is locked; submit the lock token in If', {
          condition: 'lock-token-submitted',
          hrefs: [...blocking.values()].map((lock) => hrefOf(lock.path, false)),
        });
      }
    },

    /** Forgets one lock (a LOCK whose empty file could not be made). */
    async forget(token: string): Promise<void> {
      await repo.delete(token);
    },

    /** Forgets the locks on a path and beneath it (deleted or moved away). */
    release(path: string): Promise<void> {
      return repo.deleteAt(path);
    },

    sweepExpired(): Promise<number> {
      return repo.deleteExpired(now().toISOString());
    },
  };
}

export type DavLocks = ReturnType<typeof createDavLocks>;

/** `<D:activelock>` of a lock, as LOCK answers and lockdiscovery show it. */
export function activeLockXml(lock: DavLockRow, nowMs: number): string {
  const remaining = Math.max(0, Math.ceil((Date.parse(lock.expires_at) - nowMs) / 1000));
  return dav(
    'activelock',
    dav('locktype', dav('write')) +
      dav('lockscope', dav(lock.scope)) +
      dav('depth', lock.depth) +
      (lock.owner === '' ? '' : dav('owner', lock.owner)) +
      dav('timeout', `Second-${remaining}`) +
      dav('locktoken', dav('href', escapeXml(lock.token))) +
      dav('lockroot', dav('href', escapeXml(hrefOf(lock.path, false)))),
  );
}
