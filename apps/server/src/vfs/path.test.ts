import { describe, expect, it } from 'vitest';
import { isWithinPath, normalizePath } from './path.js';

// The rule itself is the contract's (packages/contract/src/paths.test.ts holds its cases);
// these check the server's face of it: the normalised path, or a 400 naming the field.
describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['//docs///a//', '/docs/a'],
    ['/re\u0301sume\u0301', '/r\u00e9sum\u00e9'],
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
    ['//docs', '/docs/a', true],
    ['/docs', '/docs-private', false],
  ])('%s contains %s: %s', (base, path, expected) => {
    expect(isWithinPath(base, path)).toBe(expected);
  });

  it('refuses traversal out of the base instead of answering', () => {
    expect(() => isWithinPath('/docs', '/docs/../secret')).toThrow();
  });
});
