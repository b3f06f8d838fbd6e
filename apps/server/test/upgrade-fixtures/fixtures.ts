import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../../src/lib/clock.js';
import type { DataSetRecord } from './data-set.js';

/** Inside a fixture folder (named after the version that made it). */
export const FIXTURE_DATABASE = 'pasteport.db';
export const FIXTURE_STORAGE = 'storage';
export const FIXTURE_RECORD = 'data-set.json';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The versions with a committed fixture (folders like `0.7.0`). */
export async function fixtureVersions(): Promise<string[]> {
  const entries = await readdir(here, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && /^\d+\.\d+\.\d+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * A fixture copied into a fresh data dir (the committed files are never opened in place), and the
 * clock to serve it on: a minute after the data set was made, so what it holds with an expiry (a
 * presigned upload's file lives 24 hours, WebDAV locks time out) is neither expired nor swept on
 * a later day.
 */
export async function copyFixture(
  version: string,
): Promise<{ dataDir: string; record: DataSetRecord; clock: Clock }> {
  const source = path.join(here, version);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `pp-upgrade-${version}-`));
  await cp(path.join(source, FIXTURE_DATABASE), path.join(dataDir, 'pasteport.db'));
  await cp(path.join(source, FIXTURE_STORAGE), path.join(dataDir, 'storage'), { recursive: true });
  const record = JSON.parse(
    await readFile(path.join(source, FIXTURE_RECORD), 'utf8'),
  ) as DataSetRecord;
  const clock = { now: () => new Date(Date.parse(record.made_at) + 60_000) };
  return { dataDir, record, clock };
}
