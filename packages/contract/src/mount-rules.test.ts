import { describe, expect, it } from 'vitest';
import {
  MOUNT_PATH_MAX,
  MOUNT_PATH_PROBLEM_MESSAGES,
  mountPathProblem,
  RESERVED_MOUNT_PATHS,
  reservedMountPath,
} from './mount-rules.js';
import { isWithinPath } from './paths.js';

describe('mountPathProblem (SPEC §5 mount path)', () => {
  it.each([
    '/docs',
    '/团队/文档',
    '/Ünïcödé/ελληνικά/русский',
    '/a_b-c/123',
    '/publicity',
    '/apis',
    '/public',
    `/${'a'.repeat(MOUNT_PATH_MAX - 1)}`,
  ])('accepts %s, which the one path rule also accepts', (path) => {
    expect(mountPathProblem(path)).toBeUndefined();
    expect(isWithinPath(path, path)).toBe(true);
  });

  it.each([
    ['', 'required'],
    ['docs', 'relative'],
    ['/', 'root'],
    [`/${'a'.repeat(MOUNT_PATH_MAX)}`, 'too_long'],
    // Lower-casing İ (1 code point) gives 2: the stored lower-cased key must fit too.
    [`/${'İ'.repeat(60)}`, 'too_long'],
    ['//a', 'empty_segment'],
    ['/a/', 'trailing_slash'],
    ['/a/..', 'dot_segment'],
    ['/./a', 'dot_segment'],
    ['/a%2F..', 'characters'],
    ['/a.b', 'characters'],
    ['/a\tb', 'characters'],
    ['/e\u0301', 'characters'],
    [`/${'团'.repeat(86)}`, 'segment_too_long'],
    ['/Api', 'reserved'],
    ['/api/v2', 'reserved'],
    ['/MOUNT-EXPLORER', 'reserved'],
    ['/etc/x', 'reserved'],
  ])('%j → %s', (path, problem) => {
    expect(mountPathProblem(path)).toBe(problem);
  });

  it('has a message for every problem', () => {
    for (const message of Object.values(MOUNT_PATH_PROBLEM_MESSAGES)) {
      expect(message.length).toBeGreaterThan(5);
    }
  });

  it('reserves a path and everything under it, in any case, but not a longer name', () => {
    for (const reserved of RESERVED_MOUNT_PATHS) {
      expect(reservedMountPath(reserved.toUpperCase())).toBe(reserved);
      expect(reservedMountPath(`${reserved}/x`)).toBe(reserved);
      expect(reservedMountPath(`${reserved}x`)).toBeUndefined();
    }
  });
});
