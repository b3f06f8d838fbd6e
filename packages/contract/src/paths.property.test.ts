import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPath, isWithinPath, MAX_PATH_LENGTH, pathSegments, segmentProblem } from './paths.js';

// Pieces that traversal payloads and sloppy clients are made of, so generated paths meet the
// rule's edges far more often than uniformly random strings would.
const PIECES = [
  '/',
  '//',
  '.',
  '..',
  '...',
  '\\',
  '\0',
  '\n',
  '\r',
  '\t',
  '\u007f',
  '\u0085',
  '%2e',
  '%2f',
  '%00',
  '\u2024',
  '\uff0f',
  '\uff0e',
  'e\u0301',
  '\u00e9',
  'A\u030a',
  '\u212b',
  '\u0958',
  '\ud800',
  '\udc00',
  '\u{1f600}',
  'a',
  'docs',
  'team',
  '文档',
  ' ',
];

/** Any string at all (every code point, lone surrogates included). */
const anyString = fc.string({ unit: 'binary', maxLength: 80 });
/** Strings built from the pieces above, mostly starting with '/'. */
const pathLike = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }))
  .map(([absolute, parts]) => (absolute ? '/' : '') + parts.join(''));
const candidate = fc.oneof(anyString, pathLike, pathLike);

const isNfc = (text: string) => text === text.normalize('NFC');

describe('checkPath properties', () => {
  it('refuses, or answers an absolute, clean, NFC path that is its own normal form', () => {
    fc.assert(
      fc.property(candidate, (input) => {
        const checked = checkPath(input);
        if (!checked.ok) return;
        const { path } = checked;
        expect(path.startsWith('/')).toBe(true);
        expect(path.length).toBeLessThanOrEqual(MAX_PATH_LENGTH);
        expect(isNfc(path)).toBe(true);
        expect(path).not.toMatch(/\p{Cc}/u);
        expect(path).not.toContain('\\');
        if (path !== '/') {
          expect(path.endsWith('/')).toBe(false);
          for (const segment of path.slice(1).split('/')) {
            expect(segment).not.toBe('');
            expect(segment).not.toBe('.');
            expect(segment).not.toBe('..');
            expect(segmentProblem(segment)).toBeUndefined();
          }
        }
        expect(checkPath(path)).toEqual({ ok: true, path });
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the composed and decomposed spellings of a name the same path', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        const composed = checkPath(input.normalize('NFC'));
        const decomposed = checkPath(input.normalize('NFD'));
        expect(decomposed).toEqual(composed);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isWithinPath properties', () => {
  const pair = fc.tuple(candidate, candidate);

  it('holds only when every segment of the base begins the path, in order', () => {
    fc.assert(
      fc.property(pair, ([base, path]) => {
        if (!isWithinPath(base, path)) return;
        const b = checkPath(base);
        const p = checkPath(path);
        if (!b.ok || !p.ok) throw new Error('a refused path was found within another');
        const baseSegments = pathSegments(b.path);
        expect(pathSegments(p.path).slice(0, baseSegments.length)).toEqual(baseSegments);
      }),
      { numRuns: 5000 },
    );
  });

  it('holds when the path extends the base by whole segments', () => {
    const segment = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
      .filter((s) => !s.includes('/') && segmentProblem(s.normalize('NFC')) === undefined);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.array(segment, { maxLength: 4 }),
        (baseSegments, more) => {
          const base = `/${baseSegments.join('/')}`;
          expect(isWithinPath(base, `${base}/${more.join('/')}`)).toBe(true);
        },
      ),
    );
  });

  it('puts nothing within a refused base, and a refused path within nothing', () => {
    const refused = candidate.filter((input) => !checkPath(input).ok);
    fc.assert(
      fc.property(refused, candidate, (bad, other) => {
        expect(isWithinPath(bad, other)).toBe(false);
        expect(isWithinPath(other, bad)).toBe(false);
        expect(isWithinPath('/', bad)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('checkPath on known traversal and spoofing payloads', () => {
  // What a server's query parser hands over after its one decoding: percent sequences that
  // arrive still encoded are literal names (they never climb); decoded dots are refused.
  it.each([
    ['/team/docs/..', 'dot'],
    ['/team/docs/../media', 'dot'],
    ['/team/docs/..\\..\\', 'backslash'],
    ['/team/docs/a\\b', 'backslash'],
    ['/team/docs/\0', 'control'],
    ['/team/docs/a\r\nb', 'control'],
    ['/team/docs/\u0085', 'control'],
    ['..', 'relative'],
    ['\\team', 'relative'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(checkPath(input)).toEqual({ ok: false, problem });
  });

  it.each([
    ['/team/docs/%2e%2e', '/team/docs/%2e%2e'],
    ['/team/docs/..%2f', '/team/docs/..%2f'],
    ['/team/docs/%c0%ae%c0%ae', '/team/docs/%c0%ae%c0%ae'],
    ['/team/docs/\u2024\u2024', '/team/docs/\u2024\u2024'],
    ['/team/docs/\uff0f..', '/team/docs/\uff0f..'],
    ['/team/docs/\uff0e\uff0e', '/team/docs/\uff0e\uff0e'],
    ['/team/docs/re\u0301sume\u0301.txt', '/team/docs/r\u00e9sum\u00e9.txt'],
  ])('keeps %j as the literal name %j, inside its folder', (input, path) => {
    expect(checkPath(input)).toEqual({ ok: true, path });
    expect(isWithinPath('/team/docs', input)).toBe(true);
    expect(isWithinPath('/team/media', input)).toBe(false);
  });
});
