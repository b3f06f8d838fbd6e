import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressDir } from './precompress';

const text = (bytes: number) =>
  'export const a = 1;\n'.repeat(Math.ceil(bytes / 20)).slice(0, bytes);

describe('precompressDir', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pp-precompress-'));
    await mkdir(path.join(dir, 'assets'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of compressible files that decode to the original', async () => {
    const files = {
      'index.html': `<!doctype html>${text(2000)}`,
      'assets/app-1.js': text(50_000),
      'assets/app-1.css': `.a{color:red}\n`.repeat(200),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
      'manifest.webmanifest': JSON.stringify({ name: 'Pasteport', pad: text(2000) }),
    };
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(dir, name), content);
    }
    expect(await precompressDir(dir)).toBe(Object.keys(files).length * 2);
    for (const [name, content] of Object.entries(files)) {
      const br = await readFile(path.join(dir, `${name}.br`));
      const gz = await readFile(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).toString(), name).toBe(content);
      expect(zlib.gunzipSync(gz).toString(), name).toBe(content);
      expect(br.length).toBeLessThan(content.length);
    }
  });

  it('uses brotli quality 11 and gzip level 9', async () => {
    const content = text(80_000);
    await writeFile(path.join(dir, 'assets', 'big.js'), content);
    await precompressDir(dir);
    const br = await readFile(path.join(dir, 'assets', 'big.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'big.js.gz'));
    const q11 = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    expect(br).toEqual(q11);
    expect(gz.subarray(10)).toEqual(zlib.gzipSync(content, { level: 9 }).subarray(10));
  });

  it('skips small files, formats that are already compressed, and copies that would grow', async () => {
    await writeFile(path.join(dir, 'assets', 'tiny.js'), text(MIN_COMPRESS_BYTES - 1));
    await writeFile(path.join(dir, 'assets', 'font.woff2'), text(5000));
    await writeFile(path.join(dir, 'assets', 'image.png'), text(5000));
    // Random bytes do not compress: a copy larger than the file is not written.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    await writeFile(path.join(dir, 'assets', 'noise.js'), zlib.brotliCompressSync(noise));
    expect(await precompressDir(dir)).toBe(0);
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual(
      ['font.woff2', 'image.png', 'noise.js', 'tiny.js'].sort(),
    );
  });

  it('reuses the copies of unchanged bytes from the cache and drops entries no build uses', async () => {
    const cache = path.join(dir, '..', `${path.basename(dir)}-cache`);
    try {
      const content = text(20_000);
      await writeFile(path.join(dir, 'assets', 'app.js'), content);
      await precompressDir(dir, cache);
      const entries = await readdir(cache);
      expect(entries).toHaveLength(2);
      // Planted stand-ins prove the next build takes the cached copies instead of compressing.
      const brEntry = entries.find((name) => name.endsWith('.br')) ?? '';
      const planted = zlib.brotliCompressSync(`${content} `);
      await writeFile(path.join(cache, brEntry), planted);
      await writeFile(path.join(cache, 'stale.br'), 'old');
      await precompressDir(dir, cache);
      expect(await readFile(path.join(dir, 'assets', 'app.js.br'))).toEqual(planted);
      expect((await readdir(cache)).sort()).toEqual([...entries].sort());
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
