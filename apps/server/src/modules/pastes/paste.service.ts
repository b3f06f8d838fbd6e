import {
  type createPasteRequestSchema,
  type PasteCreated,
  type PastePrompt,
  type PasteView,
} from '@pasteport/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import type { Actor } from '../../core/actor.js';
import { creatorId, hasPermission, isCreator } from '../../core/access-policy.js';
import { claimSlug } from '../../core/share/claim-slug.js';
import { assertShareOpen, countedOrThrow, shareNotFound } from '../../core/share/share-gate.js';
import { sharePasswordGate, type SharePasswordThrottle } from '../../core/share/share-password.js';
import { EDITOR_LIMIT_ERROR, sizeOf } from './paste-content.js';
import type { BatchedCounter } from '../../lib/batched-counter.js';
import type { PasteCache } from './paste-cache.js';
import type { PasteMeta, PasteRepository, PasteRow } from './paste.repository.js';
import { presentCreatedPaste, presentPasteView } from './paste.presenter.js';

type CreateInput = z.output<typeof createPasteRequestSchema>;

/** Pastes: who may create, slugs, passwords, expiry and counted reads. */
export function createPasteService(deps: {
  repo: PasteRepository;
  clock: Clock;
  /** Wrong share passwords, counted per paste and per address. */
  passwordThrottle: SharePasswordThrottle;
  allowGuestPastes: () => Promise<boolean>;
  publicUrl: string | undefined;
  cache: PasteCache;
  /** Views of unlimited pastes, written in batches. */
  viewCounter: BatchedCounter;
}) {
  const { repo, clock } = deps;
  const now = () => clock.now().toISOString();

  async function assertMayCreate(actor: Actor): Promise<void> {
    if (hasPermission(actor, 'text')) return;
    if (actor.kind === 'apikey')
      throw new AppError('PERMISSION_DENIED', 'this API key lacks the text permission');
    if (!(await deps.allowGuestPastes())) {
      throw new AppError('UNAUTHORIZED', 'sign in or present an API key to create pastes');
    }
  }

  /**
   * The paste behind a slug if it can still be read (from the cache when it is there): 404
   * absent, 410 expired or used up.
   */
  async function readable(slug: string): Promise<PasteRow> {
    let row = deps.cache.get(slug);
    if (!row) {
      row = await repo.findBySlug(slug);
      if (!row) throw shareNotFound('paste', slug);
      // Views this instance counted but has not written yet belong to the row too.
      if (row.max_views === 0) row.views += deps.viewCounter.pending(row.id);
      deps.cache.put(row);
    }
    assertShareOpen('paste', row, now());
    return row;
  }

  const checkPassword = sharePasswordGate(deps.passwordThrottle, 'paste');

  /**
   * Counts the read. Unlimited pastes count in memory, written in batches (an exact count is
   * not a rule there); limited ones through one atomic UPDATE, so the k-th read of a
   * max_views = k paste is the last whatever the concurrency.
   */
  async function countedRead(row: PasteRow): Promise<{ content: string; views: number }> {
    if (row.max_views === 0) {
      deps.viewCounter.add(row.id);
      row.views += 1;
      return { content: row.content, views: row.views };
    }
    const { content, views } = countedOrThrow(
      'paste',
      row.slug,
      await repo.countView(row.id, now()),
    );
    return { content, views };
  }

  /** The creator (with the text permission) and the administrator may manage a paste. */
  const manageIdFor = (actor: Actor, meta: PasteMeta): string | null =>
    hasPermission(actor, 'text') && isCreator(actor, meta.created_by) ? meta.id : null;

  return {
    async create(actor: Actor, input: CreateInput): Promise<PasteCreated> {
      await assertMayCreate(actor);
      const size = sizeOf(input.content);
      if (size > EDITOR_LIMIT_ERROR.limit) throw EDITOR_LIMIT_ERROR.error(size);
      const stamp = now();
      if (input.expires_at && Date.parse(input.expires_at) <= clock.now().getTime()) {
        throw new AppError('VALIDATION_FAILED', 'expires_at: must be in the future', {
          details: [{ field: 'expires_at', rule: 'future', message: 'must be in the future' }],
        });
      }
      const base = {
        content: input.content,
        size_bytes: size,
        remark: input.remark ?? null,
        password_hash: input.password ? await hashPassword(input.password) : null,
        expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
        max_views: input.max_views ?? 0,
        views: 0,
        created_by: creatorId(actor),
        created_at: stamp,
        updated_at: stamp,
      };
      const row = await claimSlug(input.slug, async (slug) => {
        const candidate = { id: timeOrderedId(), slug, slug_key: slug.toLowerCase(), ...base };
        return (await repo.insert(candidate)) ? candidate : undefined;
      });
      return presentCreatedPaste(row, deps.publicUrl ?? '');
    },

    /** GET: the content (counted) — or, for a password paste, only what the prompt needs. */
    async open(actor: Actor, slug: string): Promise<PasteView | PastePrompt> {
      const row = await readable(slug);
      if (row.password_hash !== null)
        return { slug: row.slug, has_password: true, password_required: true };
      const { content, views } = await countedRead(row);
      return presentPasteView(row, content, views, manageIdFor(actor, row));
    },

    /** POST with a password, or raw with ?password: checked (throttled), then counted. */
    async unlock(
      actor: Actor,
      slug: string,
      password: string | undefined,
      ip: string,
    ): Promise<PasteView> {
      const row = await readable(slug);
      await checkPassword(row, password, ip);
      const { content, views } = await countedRead(row);
      return presentPasteView(row, content, views, manageIdFor(actor, row));
    },

    /**
     * HEAD of the raw text: existence and size only, never counted. A password paste asks for
     * its password here too (throttled like GET): its size is part of what it protects.
     */
    async head(
      slug: string,
      password: string | undefined,
      ip: string,
    ): Promise<{ sizeBytes: number }> {
      const row = await readable(slug);
      await checkPassword(row, password, ip);
      return { sizeBytes: row.size_bytes };
    },

    /** Writes the views still counted in memory (called when the server stops). */
    close: () => deps.viewCounter.close(),
  };
}

export type PasteService = ReturnType<typeof createPasteService>;
