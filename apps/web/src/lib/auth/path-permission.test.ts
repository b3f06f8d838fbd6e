import { describe, expect, it } from 'vitest';
import { normalisePath, pathContains } from './path-permission';

describe('pathContains (SPEC §5 path permission)', () => {
  it.each([
    ['/docs', '/docs'],
    ['/docs', '/docs/a'],
    ['/docs', '/docs/a/b.txt'],
    ['/', '/'],
    ['/', '/anything/at/all'],
    ['/docs/', '/docs/a'],
    ['/docs', '/docs/'],
    ['//docs//', '/docs///a'],
    ['/a/b', '/a/b/c'],
    ['', '/x'],
  ])('%s contains %s', (base, target) => {
    expect(pathContains(base, target)).toBe(true);
  });

  it.each([
    ['/docs', '/docs-private'],
    ['/docs', '/doc'],
    ['/docs', '/'],
    ['/docs/a', '/docs'],
    ['/docs', '/other/docs'],
    ['/a/b', '/a/bc'],
    ['/Docs', '/docs'],
    ['/docs', '/docs/../secret'],
  ])('%s does not contain %s', (base, target) => {
    expect(pathContains(base, target)).toBe(false);
  });
});

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/docs/', '/docs'],
    ['//docs///a//', '/docs/a'],
    ['docs/a', '/docs/a'],
    ['/docs/./a/../b', '/docs/b'],
    ['/../..', '/'],
  ])('%j → %s', (path, expected) => {
    expect(normalisePath(path)).toBe(expected);
  });
});
