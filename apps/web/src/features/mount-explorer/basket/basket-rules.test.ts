import { describe, expect, it } from 'vitest';
import {
  addToBasket,
  BASKET_WARN_BYTES,
  basketTotals,
  isBeneath,
  MAX_BASKET_ENTRIES,
  needsSizeWarning,
  removeFromBasket,
  type BasketCandidate,
} from './basket-rules';

const file = (path: string, size = 100): BasketCandidate => ({
  path,
  name: path.split('/').at(-1) ?? path,
  isDirectory: false,
  size,
});
// As a listing gives them: folders have size 0.
const folder = (path: string): BasketCandidate => ({ ...file(path, 0), isDirectory: true });
const pathsOf = (entries: readonly { path: string }[]) => entries.map((entry) => entry.path);

describe('isBeneath', () => {
  it('counts /a/b under /a but not /ab, nor /a itself', () => {
    expect(isBeneath('/a', '/a/b')).toBe(true);
    expect(isBeneath('/a', '/a/b/c')).toBe(true);
    expect(isBeneath('/a', '/ab')).toBe(false);
    expect(isBeneath('/a', '/ab/c')).toBe(false);
    expect(isBeneath('/a', '/a')).toBe(false);
  });

  it('puts everything under the root', () => {
    expect(isBeneath('/', '/a')).toBe(true);
    expect(isBeneath('/', '/')).toBe(false);
  });
});

describe('addToBasket', () => {
  it('adds new entries in order and records a folder with an unknown size', () => {
    const outcome = addToBasket([], [file('/m/a.txt', 10), folder('/m/docs')]);
    expect(outcome.entries).toEqual([
      { path: '/m/a.txt', name: 'a.txt', isDirectory: false, size: 10 },
      { path: '/m/docs', name: 'docs', isDirectory: true, size: null },
    ]);
    expect(outcome).toMatchObject({ added: 2, skipped: 0, refused: 0 });
  });

  it('skips a path already in the basket, also twice in one batch', () => {
    const first = addToBasket([], [file('/m/a.txt')]);
    const again = addToBasket(first.entries, [
      file('/m/a.txt'),
      file('/m/b.txt'),
      file('/m/b.txt'),
    ]);
    expect(pathsOf(again.entries)).toEqual(['/m/a.txt', '/m/b.txt']);
    expect(again).toMatchObject({ added: 1, skipped: 2, refused: 0 });
  });

  it('skips an item beneath a folder already in the basket', () => {
    const { entries } = addToBasket([], [folder('/m/docs')]);
    const outcome = addToBasket(entries, [file('/m/docs/a.txt'), folder('/m/docs/deep/er')]);
    expect(pathsOf(outcome.entries)).toEqual(['/m/docs']);
    expect(outcome).toMatchObject({ added: 0, skipped: 2 });
  });

  it('lets a folder swallow the entries beneath it, and only those', () => {
    const { entries } = addToBasket(
      [],
      [file('/m/docs/a.txt'), folder('/m/docs/sub'), file('/m/docs-old/b.txt'), file('/m/c.txt')],
    );
    const outcome = addToBasket(entries, [folder('/m/docs')]);
    expect(pathsOf(outcome.entries)).toEqual(['/m/docs-old/b.txt', '/m/c.txt', '/m/docs']);
    expect(outcome.added).toBe(1);
    // The swallowed subfolder no longer covers anything on its own.
    const after = addToBasket(outcome.entries, [file('/m/docs/sub/x')]);
    expect(after.skipped).toBe(1);
  });

  it('does not treat /ab as beneath a folder /a (prefix trap)', () => {
    const { entries } = addToBasket([], [folder('/a')]);
    const outcome = addToBasket(entries, [file('/ab'), file('/ab/c.txt')]);
    expect(pathsOf(outcome.entries)).toEqual(['/a', '/ab', '/ab/c.txt']);
    expect(outcome.skipped).toBe(0);
  });

  it('stops at the archive limit and counts what it refused', () => {
    const many = Array.from({ length: MAX_BASKET_ENTRIES + 5 }, (_, i) => file(`/m/f${i}`));
    const outcome = addToBasket([], many);
    expect(outcome.entries).toHaveLength(MAX_BASKET_ENTRIES);
    expect(outcome).toMatchObject({ added: MAX_BASKET_ENTRIES, refused: 5, skipped: 0 });
    expect(outcome.entries.at(-1)?.path).toBe(`/m/f${MAX_BASKET_ENTRIES - 1}`);
  });

  it('takes a folder into a full basket when it frees room by swallowing entries', () => {
    const full = addToBasket(
      [],
      Array.from({ length: MAX_BASKET_ENTRIES }, (_, i) => file(`/m/d/f${i}`)),
    ).entries;
    expect(addToBasket(full, [file('/m/x')]).refused).toBe(1);
    const outcome = addToBasket(full, [folder('/m/d')]);
    expect(pathsOf(outcome.entries)).toEqual(['/m/d']);
    expect(outcome.added).toBe(1);
  });

  it('never changes the entries it was given', () => {
    const { entries } = addToBasket([], [file('/m/a/b')]);
    const copy = [...entries];
    addToBasket(entries, [folder('/m/a')]);
    expect(entries).toEqual(copy);
  });
});

describe('removeFromBasket', () => {
  it('drops the entry at the path only', () => {
    const { entries } = addToBasket([], [file('/m/a'), file('/m/ab')]);
    expect(pathsOf(removeFromBasket(entries, '/m/a'))).toEqual(['/m/ab']);
  });
});

describe('basketTotals and needsSizeWarning', () => {
  it('sums the files and flags folders as unknown size', () => {
    const { entries } = addToBasket([], [file('/m/a', 300), file('/m/b', 700)]);
    expect(basketTotals(entries)).toEqual({ count: 2, bytes: 1000, sizeUnknown: false });
    const withFolder = addToBasket(entries, [folder('/m/d')]).entries;
    expect(basketTotals(withFolder)).toEqual({ count: 3, bytes: 1000, sizeUnknown: true });
  });

  it('warns only above 1 GiB of known bytes', () => {
    expect(BASKET_WARN_BYTES).toBe(1024 * 1024 * 1024);
    const at = { count: 1, bytes: BASKET_WARN_BYTES, sizeUnknown: true };
    expect(needsSizeWarning(at)).toBe(false);
    expect(needsSizeWarning({ ...at, bytes: BASKET_WARN_BYTES + 1 })).toBe(true);
  });
});
