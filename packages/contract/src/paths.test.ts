import { describe, expect, it } from 'vitest';
import {
  checkPath,
  isWithinPath,
  MAX_SEGMENT_BYTES,
  pathSegments,
  segmentProblem,
  utf8Bytes,
} from './paths.js';

describe('checkPath (the one virtual path rule)', () => {
  it.each([
    ['/', '/'],
    ['/docs', '/docs'],
    ['/docs/', '/docs'],
    ['//docs///a//', '/docs/a'],
    ['/文档/报告', '/文档/报告'],
    ['/a b/c%2e', '/a b/c%2e'],
  ])('normalises %j to %j', (input, expected) => {
    expect(checkPath(input)).toEqual({ ok: true, path: expected });
  });

  it.each([
    ['', 'relative'],
    ['docs/a', 'relative'],
    ['/docs/../etc', 'dot'],
    ['/docs/./a/../b', 'dot'],
    ['/../..', 'dot'],
    ['/a\\..\\b', 'backslash'],
    ['/a\u0000b', 'control'],
    ['/a\nb', 'control'],
    ['/a\u0085b', 'control'],
    ['/a\ud800b', 'unicode'],
    ['/' + 'x'.repeat(256), 'too_long'],
    ['/' + '文'.repeat(86), 'too_long'],
    ['/' + 'a/'.repeat(2100), 'path_too_long'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(checkPath(input)).toEqual({ ok: false, problem });
  });

  it('accepts a name of exactly 255 bytes, in any script', () => {
    expect(checkPath('/' + 'x'.repeat(255)).ok).toBe(true);
    expect(checkPath('/' + '文'.repeat(85)).ok).toBe(true);
  });
});

describe('isWithinPath (SPEC §5 path permission)', () => {
  it.each([
    ['/', '/anything/at/all'],
    ['/', '/'],
    ['/docs', '/docs'],
    ['/docs', '/docs/'],
    ['/docs', '/docs/a/b.txt'],
    ['/docs/', '/docs/a'],
    ['//docs//', '/docs///a'],
    ['/a/b', '/a/b/c'],
  ])('%s contains %s', (base, path) => {
    expect(isWithinPath(base, path)).toBe(true);
  });

  it.each([
    ['/docs', '/docs-private'],
    ['/docs', '/docs-private/a'],
    ['/docs', '/doc'],
    ['/docs', '/'],
    ['/docs/a', '/docs'],
    ['/docs', '/other/docs'],
    ['/a/b', '/a/bc'],
    ['/Docs', '/docs'],
    // Refused paths are never inside anything, whatever `..` would resolve to.
    ['/docs', '/docs/../secret'],
    ['/docs', '/docs/a/..'],
    ['/', '/a/../b'],
    ['/docs/..', '/anything'],
    ['', '/x'],
  ])('%s does not contain %s', (base, path) => {
    expect(isWithinPath(base, path)).toBe(false);
  });
});

describe('segmentProblem and its helpers', () => {
  it.each([
    ['', 'empty'],
    ['.', 'dot'],
    ['..', 'dot'],
    ['a\u007fb', 'control'],
    ['a\\b', 'backslash'],
    ['\udc00', 'unicode'],
    ['x'.repeat(MAX_SEGMENT_BYTES + 1), 'too_long'],
  ])('refuses %j (%s)', (segment, problem) => {
    expect(segmentProblem(segment)).toBe(problem);
  });

  it('accepts ordinary names, dots inside them included', () => {
    for (const name of ['a', '.hidden', '...', 'a..b', '报告.pdf', '😀']) {
      expect(segmentProblem(name)).toBeUndefined();
    }
  });

  it('counts UTF-8 bytes as an encoder does', () => {
    for (const text of ['', 'abc', 'é', '文', '😀', 'a文😀é'.repeat(30), 'x'.repeat(300)]) {
      expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('splits a path into its names, dropping empty ones', () => {
    expect(pathSegments('//a//b/')).toEqual(['a', 'b']);
    expect(pathSegments('')).toEqual([]);
  });
});
