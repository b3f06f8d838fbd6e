import { AppError } from '../../lib/app-error.js';
import { randomSlug } from '../../lib/random-slug.js';

/** Random slugs tried before giving up (a collision of 8 base62 characters is rare). */
export const RANDOM_SLUG_ATTEMPTS = 5;

/** 409 for a custom slug (link suffix) another share holds, case-insensitively. */
export function slugTaken(slug: string): AppError {
  return new AppError('SLUG_TAKEN', `the link suffix ${slug} is already taken`, {
    details: [{ field: 'slug', rule: 'unique', message: 'already taken' }],
  });
}

/**
 * Claims a slug by inserting the share under it: a custom slug is tried once (SLUG_TAKEN when
 * held), a random one up to RANDOM_SLUG_ATTEMPTS times. `insert` returns what it stored, or
 * undefined when the slug was taken.
 */
export async function claimSlug<T>(
  custom: string | undefined,
  insert: (slug: string) => Promise<T | undefined>,
): Promise<T> {
  const attempts = custom ? 1 : RANDOM_SLUG_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const stored = await insert(custom ?? randomSlug());
    if (stored !== undefined) return stored;
  }
  if (custom) throw slugTaken(custom);
  throw new AppError('INTERNAL', 'could not find a free random slug');
}
