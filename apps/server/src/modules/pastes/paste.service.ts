import { randomUUID } from 'node:crypto';
import {
  type createPasteRequestSchema,
  type PasteCreated,
  type PastePrompt,
  type PasteView,
} from '@pasteport/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomSlug } from '../../lib/random-slug.js';
import type { Actor } from '../auth/actor.js';
import { creatorId, hasPermission, isCreator } from '../auth/auth.policy.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { EDITOR_LIMIT_ERROR, sizeOf } from './paste-content.js';
import type { PasteMeta, PasteRepository } from './paste.repository.js';
import { presentCreatedPaste, presentPasteView } from './paste.presenter.js';

type CreateInput = z.output<typeof createPasteRequestSchema>;

const RANDOM_SLUG_ATTEMPTS = 5;

/** Pastes: who may create, slugs, passwords, expiry and counted reads. */
export function createPasteService(deps: {
  repo: PasteRepository;
  clock: Clock;
  /** Wrong share passwords, counted per paste and per address. */
  passwordThrottle: LoginThrottle;
  allowGuestPastes: () => Promise<boolean>;
  publicUrl: string | undefined;
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

  /** The paste behind a slug if it can still be read: 404 absent, 410 expired or used up. */
  async function readable(slug: string): Promise<PasteMeta> {
    const meta = await repo.findMetaBySlug(slug);
    if (!meta) throw new AppError('NOT_FOUND', `no paste ${slug}`);
    if (meta.expires_at !== null && meta.expires_at <= now())
      throw new AppError('GONE', 'this paste has expired');
    if (meta.max_views > 0 && meta.views >= meta.max_views) {
      throw new AppError('GONE', 'this paste has reached its view limit');
    }
    return meta;
  }

  async function checkPassword(
    meta: PasteMeta,
    password: string | undefined,
    ip: string,
  ): Promise<void> {
    if (meta.password_hash === null) return;
    const scope = `paste:${meta.id}`;
    await deps.passwordThrottle.assertAllowed(ip, scope);
    if (password === undefined || !(await verifyPassword(meta.password_hash, password))) {
      await deps.passwordThrottle.recordFailure(ip, scope);
      throw new AppError('PASSWORD_INVALID', 'wrong password');
    }
  }

  /** Counts the read; the k-th read of a max_views = k paste is the last. */
  async function countedRead(meta: PasteMeta): Promise<{ content: string; views: number }> {
    const result = await repo.countView(meta.id, now());
    if (result.outcome === 'ok') return { content: result.content, views: result.views };
    if (result.outcome === 'missing') throw new AppError('NOT_FOUND', `no paste ${meta.slug}`);
    throw new AppError(
      'GONE',
      result.outcome === 'expired'
        ? 'this paste has expired'
        : 'this paste has reached its view limit',
    );
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
      const attempts = input.slug
        ? [input.slug]
        : Array.from({ length: RANDOM_SLUG_ATTEMPTS }, () => randomSlug());
      for (const slug of attempts) {
        const row = { id: randomUUID(), slug, slug_key: slug.toLowerCase(), ...base };
        if (await repo.insert(row)) return presentCreatedPaste(row, deps.publicUrl ?? '');
      }
      if (input.slug) {
        throw new AppError('SLUG_TAKEN', `the link suffix ${input.slug} is already taken`, {
          details: [{ field: 'slug', rule: 'unique', message: 'already taken' }],
        });
      }
      throw new AppError('INTERNAL', 'could not find a free random slug');
    },

    /** GET: the content (counted) — or, for a password paste, only what the prompt needs. */
    async open(actor: Actor, slug: string): Promise<PasteView | PastePrompt> {
      const meta = await readable(slug);
      if (meta.password_hash !== null)
        return { slug: meta.slug, has_password: true, password_required: true };
      const { content, views } = await countedRead(meta);
      return presentPasteView(meta, content, views, manageIdFor(actor, meta));
    },

    /** POST with a password, or raw with ?password: checked (throttled), then counted. */
    async unlock(
      actor: Actor,
      slug: string,
      password: string | undefined,
      ip: string,
    ): Promise<PasteView> {
      const meta = await readable(slug);
      await checkPassword(meta, password, ip);
      const { content, views } = await countedRead(meta);
      return presentPasteView(meta, content, views, manageIdFor(actor, meta));
    },

    /** HEAD of the raw text: existence and size only, never counted. */
    async head(slug: string): Promise<{ sizeBytes: number }> {
      const meta = await readable(slug);
      return { sizeBytes: meta.size_bytes };
    },
  };
}

export type PasteService = ReturnType<typeof createPasteService>;
