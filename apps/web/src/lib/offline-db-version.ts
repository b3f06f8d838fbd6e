/**
 * SPEC §3 derives the offline database's version from the app's: a release that changes the
 * schema gets a version above every earlier release's, without anyone counting by hand.
 */

/** Minor and patch numbers take two decimal digits each in the derived number. */
const PART_LIMIT = 100;

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/**
 * The database version of an app version: major × 10000 + minor × 100 + patch (0.7.0 → 700).
 * A minor or patch of 100 or more, or a pre-release tag, would make two releases share or swap
 * numbers, so those throw instead of giving a wrong order.
 */
export function databaseVersionOf(appVersion: string): number {
  const match = SEMVER.exec(appVersion);
  if (!match) throw new RangeError(`app version "${appVersion}" is not major.minor.patch`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (minor >= PART_LIMIT || patch >= PART_LIMIT) {
    throw new RangeError(`app version "${appVersion}": minor and patch must stay below 100`);
  }
  return major * PART_LIMIT * PART_LIMIT + minor * PART_LIMIT + patch;
}
