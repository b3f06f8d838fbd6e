import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images, fonts in woff/woff2 and archives already are. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ttf)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function compress(original: Buffer): Promise<[br: Buffer, gz: Buffer]> {
  return Promise.all([
    brotli(original, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
}

/** A build stopped mid-write must not leave a truncated copy for the next one to serve. */
async function writeAtomic(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

/**
 * The copies of `original`, from `cacheDir` when an earlier build compressed the same bytes:
 * most chunks keep their content between builds, and brotli 11 is slow.
 */
async function cachedCompress(original: Buffer, cacheDir: string | undefined, used: Set<string>) {
  if (cacheDir === undefined) return compress(original);
  const hash = createHash('sha256').update(original).digest('hex');
  used.add(`${hash}.br`).add(`${hash}.gz`);
  const key = path.join(cacheDir, hash);
  try {
    return await Promise.all([readFile(`${key}.br`), readFile(`${key}.gz`)]);
  } catch {
    const copies = await compress(original);
    await mkdir(cacheDir, { recursive: true });
    await Promise.all([writeAtomic(`${key}.br`, copies[0]), writeAtomic(`${key}.gz`, copies[1])]);
    return copies;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside one file; a copy that would not be smaller is skipped. */
async function compressFile(
  file: string,
  cacheDir: string | undefined,
  used: Set<string>,
): Promise<number> {
  const original = await readFile(file);
  const [br, gz] = await cachedCompress(original, cacheDir, used);
  let written = 0;
  for (const [suffix, bytes] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (bytes.length >= original.length) continue;
    await writeFile(file + suffix, bytes);
    written++;
  }
  return written;
}

/**
 * Gives every compressible file of a built folder (at least MIN_COMPRESS_BYTES) brotli
 * (quality 11) and gzip (-9) copies, so the server sends them as they are instead of
 * compressing on each request. With `cacheDir`, copies of unchanged bytes are reused from
 * earlier builds. Returns how many copies were written.
 */
export async function precompressDir(dir: string, cacheDir?: string): Promise<number> {
  const sized: { file: string; size: number }[] = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE_FILE.test(file)) continue;
    const { size } = await stat(file);
    if (size >= MIN_COMPRESS_BYTES) sized.push({ file, size });
  }
  // Brotli 11 is slow: as many files at a time as there are cores, the biggest first so
  // one large file does not run alone at the end.
  const files = sized.sort((a, b) => b.size - a.size).map((entry) => entry.file);
  const used = new Set<string>();
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (file === undefined) continue;
      // Awaited first: `written += await …` would read `written` before the wait and lose counts.
      const copies = await compressFile(file, cacheDir, used);
      written += copies;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));
  // The cache keeps what this build used and nothing else, so it never grows past one build.
  if (cacheDir !== undefined) {
    const stale = (await readdir(cacheDir).catch(() => [])).filter((name) => !used.has(name));
    await Promise.all(stale.map((name) => rm(path.join(cacheDir, name), { force: true })));
  }
  return written;
}

/** Vite plugin: precompresses the output folder once the build has written it. */
export function precompress(): Plugin {
  let outDir = '';
  let cacheDir = '';
  return {
    name: 'pasteport-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      cacheDir = path.join(config.cacheDir, 'precompress');
    },
    // Last, after the service worker's build (vite-plugin-pwa writes it in its own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const written = await precompressDir(outDir, cacheDir);
        this.info(`wrote ${written} precompressed copies (.br, .gz)`);
      },
    },
  };
}
