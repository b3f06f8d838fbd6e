import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAppSecret, prepareDataDir } from './data-dir.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pp-datadir-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('prepareDataDir', () => {
  it('creates the data dir and its storage folder', async () => {
    const target = path.join(dir, 'nested', 'data');
    expect(await prepareDataDir(target)).toEqual([]);
    expect((await stat(path.join(target, 'storage'))).isDirectory()).toBe(true);
  });

  it('explains a data dir that is a file', async () => {
    const file = path.join(dir, 'file');
    await writeFile(file, 'x');
    const problems = await prepareDataDir(file);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATA_DIR: .*file/);
  });

  it('explains a data dir that cannot be created (a file stands in its path, even for root)', async () => {
    await writeFile(path.join(dir, 'blocker'), 'x');
    const target = path.join(dir, 'blocker', 'data');
    const problems = await prepareDataDir(target);
    expect(problems).toEqual([
      `DATA_DIR: ${target} cannot be created or written (ENOTDIR); choose a writable folder`,
    ]);
  });
});

describe('loadAppSecret', () => {
  it('prefers APP_SECRET from the environment and writes nothing', async () => {
    const secret = 'x'.repeat(40);
    expect(await loadAppSecret(dir, secret)).toBe(secret);
    await expect(stat(path.join(dir, 'secret.key'))).rejects.toThrow();
  });

  it('generates secret.key once with mode 0600 and reuses it', async () => {
    const first = await loadAppSecret(dir, undefined);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const info = await stat(path.join(dir, 'secret.key'));
    expect(info.mode & 0o777).toBe(0o600);
    expect(await loadAppSecret(dir, undefined)).toBe(first);
    expect((await readFile(path.join(dir, 'secret.key'), 'utf8')).trim()).toBe(first);
  });

  it('gives the same secret to two instances starting at once', async () => {
    const [a, b] = await Promise.all([
      loadAppSecret(dir, undefined),
      loadAppSecret(dir, undefined),
    ]);
    expect(a).toBe(b);
  });

  it('refuses a secret.key too short to be safe instead of using it', async () => {
    await writeFile(path.join(dir, 'secret.key'), 'abc\n');
    await expect(loadAppSecret(dir, undefined)).rejects.toThrow(/secret.key is shorter than 32/);
  });
});
