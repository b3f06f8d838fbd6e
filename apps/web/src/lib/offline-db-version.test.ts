import { APP_VERSION } from '@pasteport/contract/plain';
import { describe, expect, it } from 'vitest';
import { databaseVersionOf } from './offline-db-version';

describe('databaseVersionOf', () => {
  it.each([
    ['0.7.0', 700],
    ['0.7.1', 701],
    ['0.10.0', 1000],
    ['1.2.3', 10203],
    ['12.0.0', 120000],
    ['1.99.99', 19999],
  ])('gives %s the version %i', (appVersion, version) => {
    expect(databaseVersionOf(appVersion)).toBe(version);
  });

  it('orders versions as releases are ordered, each above the first schema (1)', () => {
    const releases = ['0.7.0', '0.7.1', '0.7.10', '0.8.0', '0.10.0', '1.0.0', '1.0.1', '2.0.0'];
    const versions = releases.map(databaseVersionOf);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(releases.length);
    expect(versions[0]).toBeGreaterThan(1);
  });

  it.each(['0.7', '0.7.0.1', 'v0.7.0', '0.8.0-beta.1', '0.7.0+build', '', 'x.y.z'])(
    'refuses %j, which is not major.minor.patch',
    (appVersion) => {
      expect(() => databaseVersionOf(appVersion)).toThrow(RangeError);
    },
  );

  it.each(['0.100.0', '0.7.100'])(
    'refuses %s, whose number would collide with a later release',
    (appVersion) => {
      expect(() => databaseVersionOf(appVersion)).toThrow(/below 100/);
    },
  );

  it('derives a version from the current app version', () => {
    expect(databaseVersionOf(APP_VERSION)).toBeGreaterThan(1);
  });
});
