import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { claimSlug, RANDOM_SLUG_ATTEMPTS } from './claim-slug.js';

/** An insert that refuses the first `taken` slugs it is offered, recording each. */
function insertRefusing(taken: number) {
  const offered: string[] = [];
  const insert = (slug: string) => {
    offered.push(slug);
    return Promise.resolve(offered.length > taken ? { slug } : undefined);
  };
  return { insert, offered };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => (err instanceof AppError ? [err.code, err.message, err.details] : err),
  );

describe('claimSlug', () => {
  it('stores a custom slug as given', async () => {
    const { insert, offered } = insertRefusing(0);
    expect(await claimSlug('My-Link', insert)).toEqual({ slug: 'My-Link' });
    expect(offered).toEqual(['My-Link']);
  });

  it('tries a taken custom slug once and answers SLUG_TAKEN', async () => {
    const { insert, offered } = insertRefusing(1);
    expect(await failure(claimSlug('mine', insert))).toEqual([
      'SLUG_TAKEN',
      'the link suffix mine is already taken',
      [{ field: 'slug', rule: 'unique', message: 'already taken' }],
    ]);
    expect(offered).toEqual(['mine']);
  });

  it('draws another random slug after a collision', async () => {
    const { insert, offered } = insertRefusing(RANDOM_SLUG_ATTEMPTS - 1);
    const stored = await claimSlug(undefined, insert);
    expect(offered).toHaveLength(RANDOM_SLUG_ATTEMPTS);
    expect(stored.slug).toBe(offered.at(-1));
    expect(offered.every((slug) => /^[A-Za-z0-9]{8}$/.test(slug))).toBe(true);
    expect(new Set(offered).size).toBe(RANDOM_SLUG_ATTEMPTS);
  });

  it(`gives up after ${RANDOM_SLUG_ATTEMPTS} random collisions`, async () => {
    const { insert, offered } = insertRefusing(Infinity);
    expect(await failure(claimSlug(undefined, insert))).toEqual([
      'INTERNAL',
      'could not find a free random slug',
      undefined,
    ]);
    expect(offered).toHaveLength(RANDOM_SLUG_ATTEMPTS);
  });
});
