import { describe, expect, it } from 'vitest';
import { isWithinPath, normalizePath } from './path.js';

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['/docs', '/docs'],
    ['/docs/', '/docs'],
    ['//docs///a//', '/docs/a'],
    ['/文档/报告', '/文档/报告'],
    ['/a b/c%2e', '/a b/c%2e'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['docs', 'must start with /'],
    ['/docs/../etc', '. or ..'],
    ['/..', '. or ..'],
    ['/./a', '. or ..'],
    ['/a\\..\\b', 'backslashes'],
    ['/a\u0000b', 'control characters'],
    ['/a\nb', 'control characters'],
    ['/' + 'x'.repeat(256), 'at most 255 bytes'],
    ['/' + 'a/'.repeat(2100), 'at most 4096 characters'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(() => normalizePath(input)).toThrow(reason);
  });

  it('names the field in the error details', () => {
    try {
      normalizePath('relative', 'basic_path');
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'basic_path', rule: 'path' }],
      });
    }
  });
});

describe('isWithinPath', () => {
  it.each([
    ['/', '/anything/at/all', true],
    ['/', '/', true],
    ['/docs', '/docs', true],
    ['/docs', '/docs/', true],
    ['/docs', '/docs/a/b', true],
    ['/docs/', '/docs/a', true],
    ['//docs', '/docs/a', true],
    ['/docs', '/docs-private', false],
    ['/docs', '/docs-private/a', false],
    ['/docs', '/doc', false],
    ['/docs', '/', false],
    ['/docs/a', '/docs', false],
    ['/docs', '/other/docs', false],
  ])('%s contains %s: %s', (base, path, expected) => {
    expect(isWithinPath(base, path)).toBe(expected);
  });

  it('refuses traversal out of the base instead of answering', () => {
    expect(() => isWithinPath('/docs', '/docs/../secret')).toThrow();
  });
});
