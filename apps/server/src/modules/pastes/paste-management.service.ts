import {
  PASTE_PREVIEW_LENGTH,
  type PasteDetail,
  type PasteList,
  type PasteSummary,
  type UpdatePasteRequest,
} from '@pasteport/contract';
import type { Updateable } from 'kysely';
import type { PastesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Actor } from '../../core/actor.js';
import { ownedCreatorIds } from '../../core/access-policy.js';
import { slugTaken } from '../../core/share/claim-slug.js';
import type { PasteFilter, PasteListRow, PasteRepository, PasteRow } from './paste.repository.js';
import type { BatchedCounter } from '../../lib/batched-counter.js';
import type { PasteCache } from './paste-cache.js';
import { EDITOR_LIMIT_ERROR, sizeOf } from './paste-content.js';

function summary(row: PasteListRow): PasteSummary {
  return {
    id: row.id,
    slug: row.slug,
    remark: row.remark,
    preview: row.preview,
    size_bytes: row.size_bytes,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function detail(row: PasteRow): PasteDetail {
  const { preview: _preview, ...rest } = summary({ ...row, preview: '' });
  return { ...rest, content: row.content };
}

/**
 * Managing pastes: the admin sees all, an API key only its own (another's id answers 404, as
 * if it did not exist). Reads here are not views and never count.
 */
export function createPasteManagementService(deps: {
  repo: PasteRepository;
  clock: Clock;
  /** Cached reads are dropped on every instance when a paste changes or goes. */
  cache: PasteCache;
  /** Batched views are written before an edit, so a new view limit counts them. */
  viewCounter: BatchedCounter;
}) {
  const { repo, clock } = deps;
  const scope = (actor: Actor): PasteFilter => {
    const createdBy = ownedCreatorIds(actor);
    return createdBy ? { createdBy } : {};
  };
  const notFound = (id: string) => new AppError('NOT_FOUND', `no paste ${id}`);

  return {
    /** Housekeeping: deletes pastes past their expiry or view limit; answers how many went. */
    sweepExpired(): Promise<number> {
      return repo.deleteExpired(clock.now().toISOString());
    },

    async list(
      actor: Actor,
      page: { limit: number; offset: number },
      search?: string,
    ): Promise<PasteList> {
      const { rows, total } = await repo.list(
        { ...scope(actor), ...(search ? { search } : {}) },
        page,
        PASTE_PREVIEW_LENGTH,
      );
      return { items: rows.map(summary), total, limit: page.limit, offset: page.offset };
    },

    async get(actor: Actor, id: string): Promise<PasteDetail> {
      const row = await repo.findById(id, scope(actor));
      if (!row) throw notFound(id);
      return detail(row);
    },

    async update(actor: Actor, id: string, input: UpdatePasteRequest): Promise<PasteDetail> {
      const changes: Updateable<PastesTable> = { updated_at: clock.now().toISOString() };
      if (input.content !== undefined) {
        const size = sizeOf(input.content);
        if (size > EDITOR_LIMIT_ERROR.limit) throw EDITOR_LIMIT_ERROR.error(size);
        Object.assign(changes, { content: input.content, size_bytes: size });
      }
      if (input.slug !== undefined)
        Object.assign(changes, { slug: input.slug, slug_key: input.slug.toLowerCase() });
      if (input.remark !== undefined) changes.remark = input.remark;
      if (input.password !== undefined) {
        changes.password_hash = input.password === null ? null : await hashPassword(input.password);
      }
      if (input.expires_at !== undefined) {
        changes.expires_at =
          input.expires_at === null ? null : new Date(input.expires_at).toISOString();
      }
      if (input.max_views !== undefined) changes.max_views = input.max_views;
      await deps.viewCounter.flush();
      const result = await repo.update(id, changes, scope(actor));
      if (typeof result !== 'string') await deps.cache.forget([id]);
      if (result === 'missing') throw notFound(id);
      if (result === 'taken') throw slugTaken(input.slug ?? '');
      return detail(result);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if ((await repo.deleteMany([id], scope(actor))) === 0) throw notFound(id);
      await deps.cache.forget([id]);
    },

    async batchDelete(actor: Actor, ids: readonly string[]): Promise<{ deleted: number }> {
      const deleted = await repo.deleteMany(ids, scope(actor));
      if (deleted > 0) await deps.cache.forget(ids);
      return { deleted };
    },

    /** Removes expired and used-up pastes now (the scheduled sweep does the same). */
    async clearExpired(): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteExpired(clock.now().toISOString()) };
    },
  };
}

export type PasteManagementService = ReturnType<typeof createPasteManagementService>;
