import { describe, expect, it } from 'vitest';
import { nameProblem } from './name-rule';

describe('nameProblem', () => {
  it('accepts ordinary names in any script', () => {
    for (const name of ['report.pdf', '资料', 'a b', '%2e%2e', '.env']) {
      expect(nameProblem(name)).toBeUndefined();
    }
  });

  it('names what the server would refuse', () => {
    expect(nameProblem('  ')).toBe('empty');
    expect(nameProblem('a/b')).toBe('slash');
    expect(nameProblem('..')).toBe('dot');
    expect(nameProblem('a\\b')).toBe('invalid');
    expect(nameProblem('a\u0001b')).toBe('invalid');
    expect(nameProblem('x'.repeat(256))).toBe('too_long');
  });

  it('a rename to the same name is no rename', () => {
    expect(nameProblem('a.txt', 'a.txt')).toBe('same');
    expect(nameProblem('cafe\u0301', 'café')).toBe('same');
    expect(nameProblem('b.txt', 'a.txt')).toBeUndefined();
  });
});
