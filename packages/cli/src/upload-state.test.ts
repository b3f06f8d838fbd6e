import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract/plain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { partRanges } from './multipart.js';
import {
  forgetUpload,
  identityOf,
  pruneSavedUploads,
  readSavedUpload,
  saveUpload,
  stateFile,
  uploadStateDir,
  type SavedUpload,
} from './upload-state.js';

let home: string;
let env: Record<string, string>;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-state-'));
  env = { XDG_CONFIG_HOME: home };
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const saved = (savedAt: number): SavedUpload => ({
  fileId: 'f1',
  uploadId: 'u1',
  uploadSecret: 'secret',
  partSize: 5,
  partCount: 3,
  savedAt,
});

describe('parts', () => {
  it('cuts a file as the server does: full parts, a shorter last one, one part when empty', () => {
    expect(partRanges(12, 5)).toEqual([
      { partNumber: 1, start: 0, end: 5 },
      { partNumber: 2, start: 5, end: 10 },
      { partNumber: 3, start: 10, end: 12 },
    ]);
    expect(partRanges(10, 5)).toHaveLength(2);
    expect(partRanges(0, 5)).toEqual([{ partNumber: 1, start: 0, end: 0 }]);
  });
});

describe('saved uploads', () => {
  it('are keyed by server, path, size and mtime', async () => {
    const file = path.join(home, 'a.bin');
    await writeFile(file, 'abc');
    const identity = await identityOf('http://s', file);
    expect(identity).toMatchObject({ server: 'http://s', file, size: 3 });
    const other = [
      { ...identity, server: 'http://t' },
      { ...identity, file: `${file}2` },
      { ...identity, size: 4 },
      { ...identity, mtimeMs: identity.mtimeMs + 1 },
    ];
    for (const changed of other) expect(stateFile(env, changed)).not.toBe(stateFile(env, identity));

    await saveUpload(env, identity, saved(Date.now()));
    expect(await readSavedUpload(env, identity)).toEqual(saved(expect.any(Number) as number));
    for (const changed of other) expect(await readSavedUpload(env, changed)).toBeNull();
    // The file changed on disk (new mtime): the old upload is not this file any more.
    await utimes(file, new Date(), new Date(identity.mtimeMs + 5000));
    expect(await readSavedUpload(env, await identityOf('http://s', file))).toBeNull();
  });

  it.runIf(process.platform !== 'win32')(
    'are private: 0600 files (they hold the upload secret)',
    async () => {
      const identity = { server: 'http://s', file: '/x', size: 1, mtimeMs: 1 };
      await saveUpload(env, identity, saved(Date.now()));
      expect((await stat(stateFile(env, identity))).mode & 0o777).toBe(0o600);
      expect((await stat(uploadStateDir(env))).mode & 0o777).toBe(0o700);
    },
  );

  it('expire after 24 hours, and damaged ones are dropped', async () => {
    const identity = { server: 'http://s', file: '/x', size: 1, mtimeMs: 1 };
    const now = Date.now();
    await saveUpload(env, identity, saved(now - UPLOAD_STATE_TTL_MS - 1));
    expect(await readSavedUpload(env, identity, now)).toBeNull();
    expect(await readdir(uploadStateDir(env))).toEqual([]);

    await saveUpload(env, identity, { ...saved(now), partSize: -1 });
    expect(await readSavedUpload(env, identity, now)).toBeNull();
    await writeFile(stateFile(env, identity), 'not json');
    expect(await readSavedUpload(env, identity, now)).toBeNull();
  });

  it('are forgotten and pruned', async () => {
    const identity = { server: 'http://s', file: '/x', size: 1, mtimeMs: 1 };
    await saveUpload(env, identity, saved(Date.now()));
    await forgetUpload(env, identity);
    expect(await readSavedUpload(env, identity)).toBeNull();

    await saveUpload(env, identity, saved(Date.now()));
    const old = new Date(Date.now() - UPLOAD_STATE_TTL_MS - 60_000);
    await utimes(stateFile(env, identity), old, old);
    await pruneSavedUploads(env);
    expect(await readdir(uploadStateDir(env))).toEqual([]);
  });
});
