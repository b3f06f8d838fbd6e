import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FsList, FsSearchResponse } from '@pasteport/contract';
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import type { DatabaseKindUnderTest } from '../../../test/databases.js';
import {
  describeRun,
  ensureDebianTool,
  listenForClients,
  runTool,
  type ToolRun,
} from '../../../test/dav-clients.js';
import { givenStorage, type StorageKind } from '../../../test/files.js';
import { HANG_MS } from '../../../test/hang-guard.js';
import { bearer, givenApiKey, TEST_ADMIN, useAdminApp } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';

/*
 * Debian's rclone (1.60, webdav backend, vendor "other") as a real client of /dav: it uploads
 * a tree of awkward names and one large file, checks every byte back, syncs edits, lists,
 * deletes and moves folders; the fs API must then show the same tree. Run on SQLite with local
 * disk and on PostgreSQL with the S3-compatible test server.
 *
 * rclone runs with one try per operation (--retries 1 --low-level-retries 1): its default
 * retries would hide a request the server failed once.
 */

const MiB = 1024 * 1024;
const BIG_FILE_BYTES = 50 * MiB;
/** Files in the tree uploaded by the admin pass. */
const TREE_FILES = 200;
/** The name searched through the fs API: no other name contains it. */
const UNIQUE_NAME = '独一无二的季度报告 été.txt';

/** Local relative path (with `/`) → size, of every file of a tree. */
type Tree = Map<string, number>;

/** Writes a file of random bytes; large ones are streamed in 1 MiB chunks, never held whole. */
async function writeRandomFile(file: string, size: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  if (size <= MiB) {
    await writeFile(file, randomBytes(size));
    return;
  }
  function* chunks() {
    for (let left = size; left > 0; left -= MiB) yield randomBytes(Math.min(MiB, left));
  }
  await pipeline(Readable.from(chunks()), createWriteStream(file));
}

/** Writes the files of a tree under root. */
async function writeTree(root: string, tree: Tree): Promise<void> {
  for (const [relative, size] of tree) await writeRandomFile(path.join(root, relative), size);
}

/**
 * The admin pass's tree: 200 files, three folder levels, Chinese and accented names, spaces,
 * `#`, `%` and `+`, empty files and one 50 MB file. Sizes vary so every file differs.
 */
function adminTree(): Tree {
  const tree: Tree = new Map([
    ['big/random 50MB.bin', BIG_FILE_BYTES],
    ['README.txt', 1234],
    [`docs/reports/2024/${UNIQUE_NAME}`, 4321],
    ['docs/reports/2024/Q1 summary.txt', 900],
    ['docs/reports/annual report.pdf', 70_000],
    ['docs/notes.md', 300],
    ['媒体/照片/旅行 2024/长城.jpg', 150_000],
    ['媒体/照片/旅行 2024/故宫 #1.jpg', 120_000],
    ['媒体/照片/头像.png', 20_000],
    ['媒体/视频说明.txt', 512],
    ['café/crème brûlée/naïve résumé.txt', 2048],
    ['café/crème brûlée/Ünïcödé Ñoño.md', 777],
    ['café/menü.txt', 64],
    ['odds & ends/100% done.txt', 100],
    ['odds & ends/a+b=c.txt', 101],
    ['odds & ends/#hashtag.txt', 102],
    ['odds & ends/50%+off #sale.txt', 103],
    ['odds & ends/percent %20 literal.txt', 104],
    ['odds & ends/plus+folder/x+y.txt', 105],
    ['empty/zero.txt', 0],
    ['empty/also empty.dat', 0],
    ['empty/空文件.txt', 0],
    ['docs/empty-note.txt', 0],
    ['to-delete/old/a.txt', 10],
    ['to-delete/old/deeper/b.txt', 11],
    ['to-delete/c.txt', 12],
    ['to-move/keep/d.txt', 13],
    ['to-move/keep/文件 e.txt', 14],
    ['to-move/f #1.txt', 15],
  ]);
  // Bulk files fill the tree up to 200, spread over three levels.
  for (let i = 0; tree.size < TREE_FILES; i++) {
    const folder = ['bulk', 'bulk/level 2', 'bulk/level 2/level 3'][i % 3]!;
    tree.set(`${folder}/file-${String(i).padStart(3, '0')}.bin`, 1 + ((i * 7919) % 40_000));
  }
  return tree;
}

/** Every folder above the given file paths. */
function foldersOf(files: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash > 0; slash = file.indexOf('/', slash + 1)) {
      folders.add(file.slice(0, slash));
    }
  }
  return folders;
}

interface LsjsonItem {
  Path: string;
  Name: string;
  Size: number;
  IsDir: boolean;
}

/** An rclone for one remote `dav:` on /dav/<mount>, with a private config and cache. */
async function rcloneFor(
  rclone: string,
  work: string,
  url: string,
  user: string,
  password: string,
) {
  await mkdir(work, { recursive: true });
  const configFile = path.join(work, 'rclone.conf');
  await writeFile(configFile, '');
  // Nothing from the caller's environment configures this rclone but what is set here.
  const baseEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('RCLONE_')),
  );
  const obscured = await runTool(rclone, ['obscure', '--', password], { env: baseEnv });
  if (obscured.code !== 0) throw new Error(`rclone obscure: ${describeRun(obscured)}`);
  const env = {
    ...baseEnv,
    RCLONE_CONFIG_DAV_TYPE: 'webdav',
    RCLONE_CONFIG_DAV_URL: url,
    RCLONE_CONFIG_DAV_VENDOR: 'other',
    RCLONE_CONFIG_DAV_USER: user,
    RCLONE_CONFIG_DAV_PASS: obscured.stdout.trim(),
    RCLONE_CACHE_DIR: path.join(work, 'rclone-cache'),
  };
  const common = ['--config', configFile, '--retries', '1', '--low-level-retries', '1'];

  /** Runs an rclone command; the caller asserts the exit code. */
  const run = (...args: string[]): Promise<ToolRun> =>
    runTool(rclone, [...args, ...common], { cwd: work, env });

  /** Runs an rclone command that must succeed. */
  const ok = async (...args: string[]): Promise<ToolRun> => {
    const result = await run(...args);
    expect(result.code, `rclone ${args.join(' ')}: ${describeRun(result)}`).toBe(0);
    return result;
  };

  return {
    run,
    ok,
    /** `lsjson -R` of a remote folder: file path → size, and the folder paths. */
    async list(remote: string): Promise<{ files: Tree; folders: Set<string> }> {
      const items = JSON.parse((await ok('lsjson', '-R', remote)).stdout) as LsjsonItem[];
      const files: Tree = new Map();
      const folders = new Set<string>();
      for (const item of items) {
        if (item.IsDir) folders.add(item.Path);
        else files.set(item.Path, item.Size);
      }
      return { files, folders };
    },
  };
}

/** Sorted [path, size] pairs, so a mismatch shows as a readable diff. */
const entries = (tree: Tree) => [...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const sorted = (names: Iterable<string>) => [...names].sort();

/** The names the fs API lists in a folder. */
async function fsListNames(t: TestApp, token: string, folder: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/fs/list?${new URLSearchParams({ path: folder }).toString()}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json<{ data: FsList }>().data;
  expect(list.next_cursor).toBeNull();
  return sorted(list.items.map((item) => item.name));
}

/** The names directly in a folder of a tree ('' for its top), files and subfolders. */
function namesIn(tree: Tree, folder: string): string[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const names = new Set<string>();
  for (const file of tree.keys()) {
    if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0]!);
  }
  return sorted(names);
}

const CONFIGURATIONS: { db: DatabaseKindUnderTest; storage: StorageKind }[] = [
  { db: 'sqlite', storage: 'local' },
  { db: 'postgres', storage: 's3' },
];

describe.each(CONFIGURATIONS)('rclone against /dav on $db with $storage storage', (config) => {
  // A fresh app per test; its close() also closes the listening socket.
  const admin = useAdminApp(config.db);
  let work = '';
  beforeEach(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pp-rclone-'));
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  /** The installed rclone; skips the test when it is missing and cannot be installed here. */
  async function rcloneOrSkip(ctx: TestContext): Promise<string> {
    const rclone = await ensureDebianTool('/usr/bin/rclone', 'rclone');
    return rclone ?? ctx.skip('rclone is not installed (apt-get install -y rclone)');
  }

  // 13 rclone runs, each bounded by the hang guard (runTool kills a hung one).
  it(
    'copies, checks byte for byte, syncs, lists, deletes and moves a tree; the fs API sees it',
    async (ctx) => {
      const binary = await rcloneOrSkip(ctx);
      const { t, token } = admin;
      const mountPath = `/rclone-${config.storage}`;
      // Uncached listings: every rclone step lists what the previous one wrote.
      await createMount(t, token, mountPath, await givenStorage(t, token, config.storage), {
        cache_ttl: 0,
      });
      const port = await listenForClients(t);
      const rclone = await rcloneFor(
        binary,
        work,
        `http://127.0.0.1:${port}/dav${mountPath}`,
        TEST_ADMIN.username,
        TEST_ADMIN.password,
      );
      const local = path.join(work, 'tree');
      const tree = adminTree();
      expect(tree.size).toBe(TREE_FILES);
      await writeTree(local, tree);

      // Upload, then compare every byte (vendor "other" has no hashes: --download reads both).
      await rclone.ok('copy', local, 'dav:tree');
      await rclone.ok('check', '--download', local, 'dav:tree');

      // Local edits, then sync. Edits change sizes: with no modification times on this
      // vendor, rclone compares sizes only, so a same-size edit would not be sent at all.
      const edited = ['README.txt', `docs/reports/2024/${UNIQUE_NAME}`, 'odds & ends/a+b=c.txt'];
      for (const file of edited) tree.set(file, tree.get(file)! + 17);
      const added = ['媒体/照片/旅行 2024/新照片 #2.jpg', 'odds & ends/new 5%+.txt'];
      for (const file of added) tree.set(file, 3000);
      await writeTree(
        local,
        new Map([...edited, ...added].map((file) => [file, tree.get(file)!] as const)),
      );
      const deleted = ['docs/notes.md', 'odds & ends/#hashtag.txt'];
      for (const file of deleted) {
        tree.delete(file);
        await unlink(path.join(local, file));
      }
      await rclone.ok('sync', local, 'dav:tree');
      await rclone.ok('check', '--download', local, 'dav:tree');

      // The remote holds exactly the tree: every path and size, no deleted file.
      const synced = await rclone.list('dav:tree');
      expect(entries(synced.files)).toEqual(entries(tree));
      expect(sorted(synced.folders)).toEqual(sorted(foldersOf(tree.keys())));
      for (const file of deleted) expect(synced.files.has(file), file).toBe(false);

      // Delete one folder's files and subfolders (rclone leaves the folder itself, empty), and
      // move another folder to a new remote folder.
      await rclone.ok('delete', '--rmdirs', 'dav:tree/to-delete');
      await rclone.ok('move', '--delete-empty-src-dirs', 'dav:tree/to-move', 'dav:moved/here');
      const moved = new Map<string, number>();
      for (const [file, size] of [...tree]) {
        if (file.startsWith('to-delete/')) tree.delete(file);
        if (file.startsWith('to-move/')) {
          tree.delete(file);
          moved.set(file.slice('to-move/'.length), size);
        }
      }
      const after = await rclone.list('dav:tree');
      expect(entries(after.files)).toEqual(entries(tree));
      expect(sorted(after.folders)).toEqual(sorted([...foldersOf(tree.keys()), 'to-delete']));
      const arrived = await rclone.list('dav:moved/here');
      expect(entries(arrived.files)).toEqual(entries(moved));
      // The moved bytes are the ones uploaded.
      await rclone.ok('check', '--download', path.join(local, 'to-move'), 'dav:moved/here');

      // The fs API shows the same tree, and its search finds a Unicode name written by rclone.
      for (const folder of ['odds & ends', '媒体/照片/旅行 2024', 'café/crème brûlée', 'empty']) {
        expect(await fsListNames(t, token, `${mountPath}/tree/${folder}`), folder).toEqual(
          namesIn(tree, folder),
        );
      }
      expect(await fsListNames(t, token, `${mountPath}/tree`)).toEqual(
        sorted([...namesIn(tree, ''), 'to-delete']),
      );
      expect(await fsListNames(t, token, `${mountPath}/tree/to-delete`)).toEqual([]);
      expect(await fsListNames(t, token, `${mountPath}/moved/here`)).toEqual(namesIn(moved, ''));
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/fs/search?${new URLSearchParams({ q: UNIQUE_NAME, scope: 'global' }).toString()}`,
        headers: bearer(token),
      });
      expect(search.statusCode, search.body).toBe(200);
      const found = search.json<{ data: FsSearchResponse }>().data;
      expect(found.results.map((r) => [r.path, r.size, r.isDirectory])).toEqual([
        [
          `${mountPath}/tree/docs/reports/2024/${UNIQUE_NAME}`,
          tree.get(`docs/reports/2024/${UNIQUE_NAME}`),
          false,
        ],
      ]);
    },
    HANG_MS * 14,
  );

  // 5 rclone runs, each bounded by the hang guard.
  it(
    "works with an API key as the password, within the key's basic path only",
    async (ctx) => {
      const binary = await rcloneOrSkip(ctx);
      const { t, token } = admin;
      const storage = await givenStorage(t, token, config.storage, { allow_api_keys: true });
      const mountPath = `/rclone-key-${config.storage}`;
      await createMount(t, token, mountPath, storage, { cache_ttl: 0 });
      await createMount(t, token, `/outside-${config.storage}`, storage, { cache_ttl: 0 });
      const key = await givenApiKey(t, token, {
        name: 'rclone-ci',
        mount: true,
        basic_path: mountPath,
      });
      const port = await listenForClients(t);
      const rclone = await rcloneFor(
        binary,
        work,
        `http://127.0.0.1:${port}/dav${mountPath}`,
        key.name,
        key.key,
      );
      const local = path.join(work, 'tree');
      const tree: Tree = new Map([
        ['keyed/报告 #1.txt', 2000],
        ['keyed/café + crème 100%.txt', 3000],
        ['keyed/deep/er/empty.txt', 0],
        ['keyed/deep/blob.bin', 2 * MiB],
      ]);
      await writeTree(local, tree);

      await rclone.ok('copy', local, 'dav:');
      await rclone.ok('check', '--download', local, 'dav:');
      const listed = await rclone.list('dav:');
      expect(entries(listed.files)).toEqual(entries(tree));
      expect(await fsListNames(t, token, `${mountPath}/keyed`)).toEqual(namesIn(tree, 'keyed'));

      // The same key on a mount beyond its basic path is refused (403, not a missing mount).
      const outside = await rcloneFor(
        binary,
        path.join(work, 'outside'),
        `http://127.0.0.1:${port}/dav/outside-${config.storage}`,
        key.name,
        key.key,
      );
      const refused = await outside.run('lsjson', 'dav:');
      expect(refused.code, describeRun(refused)).not.toBe(0);
      expect(refused.stderr).toContain('403 Forbidden');
    },
    HANG_MS * 6,
  );
});
