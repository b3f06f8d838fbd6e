import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { validateStorageKey, validateStoragePrefix } from './storage-key.js';

function ruleOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    return (error as AppError).details?.[0]?.rule;
  }
  return undefined;
}

describe('validateStorageKey', () => {
  it.each([
    'a',
    'docs/report.pdf',
    '报告/文件 (1).txt',
    'emoji/🎉.png',
    '.hidden/.env',
    'a..b/c...d',
    'x'.repeat(255),
  ])('accepts %j', (key) => {
    expect(validateStorageKey(key)).toBe(key);
  });

  it.each([
    ['', 'required'],
    ['../x', 'no_dot_segment'],
    ['a/../../x', 'no_dot_segment'],
    ['a/./b', 'no_dot_segment'],
    ['..', 'no_dot_segment'],
    ['/etc/passwd', 'relative'],
    ['a\0b', 'no_nul'],
    ['a\\..\\b', 'no_backslash'],
    ['a\nb', 'no_control'],
    ['a\u0085b', 'no_control'],
    ['a\u007fb', 'no_control'],
    ['a//b', 'no_empty_segment'],
    ['dir/', 'no_empty_segment'],
    ['bad\ud800half', 'utf8'],
    ['x'.repeat(256), 'segment_max_bytes'],
    [`${'a/'.repeat(512)}b`, 'max_bytes'],
    [
      `${'é'.repeat(100)}/${'é'.repeat(100)}/${'é'.repeat(100)}/${'é'.repeat(100)}/${'é'.repeat(100)}/${'é'.repeat(100)}`,
      'max_bytes',
    ],
  ])('rejects %j (%s)', (key, rule) => {
    expect(ruleOf(() => validateStorageKey(key))).toBe(rule);
  });
});

describe('validateStoragePrefix', () => {
  it.each(['', 'docs/', 'docs/re', 'a/b/.', 'a/..'])('accepts %j', (prefix) => {
    expect(validateStoragePrefix(prefix)).toBe(prefix);
  });

  it.each(['../', 'a/../b', '/abs', 'a//', 'a\\b', 'a\0'])('rejects %j', (prefix) => {
    expect(ruleOf(() => validateStoragePrefix(prefix))).toBeDefined();
  });
});
