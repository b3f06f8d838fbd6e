import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { expandFileArgs, isGlob, segmentRegExp } from './globs.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pp-cli-glob-'));
  for (const file of ['a.txt', 'b.txt', 'c.md', '.hidden.txt', 'sub/d.txt', 'sub/deep/e.txt']) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
  }
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const relative = (files: string[]) => files.map((file) => path.relative(root, file));

describe('glob expansion', () => {
  it('knows patterns from plain names', () => {
    expect(isGlob('*.txt')).toBe(true);
    expect(isGlob('a?.md')).toBe(true);
    expect(isGlob('[ab].txt')).toBe(true);
    expect(isGlob('plain.txt')).toBe(false);
  });

  it('matches one segment like a shell', () => {
    expect(segmentRegExp('*.txt').test('a.txt')).toBe(true);
    expect(segmentRegExp('*.txt').test('.hidden.txt')).toBe(false);
    expect(segmentRegExp('.*.txt').test('.hidden.txt')).toBe(true);
    expect(segmentRegExp('?.md').test('c.md')).toBe(true);
    expect(segmentRegExp('[!a].txt').test('a.txt')).toBe(false);
    expect(segmentRegExp('[!a].txt').test('b.txt')).toBe(true);
    expect(segmentRegExp('a+b(1).txt').test('a+b(1).txt')).toBe(true);
  });

  it('expands *, ? and ** in-process, sorted, each file once', async () => {
    expect(relative(await expandFileArgs(['*.txt'], root))).toEqual(['a.txt', 'b.txt']);
    expect(relative(await expandFileArgs(['?.md', 'a.txt', '*.txt'], root))).toEqual([
      'c.md',
      'a.txt',
      'b.txt',
    ]);
    expect(relative(await expandFileArgs(['**/*.txt'], root))).toEqual([
      'a.txt',
      'b.txt',
      path.join('sub', 'd.txt'),
      path.join('sub', 'deep', 'e.txt'),
    ]);
    expect(relative(await expandFileArgs([path.join(root, 'sub', '*', '*.txt')]))).toEqual([
      path.join('sub', 'deep', 'e.txt'),
    ]);
  });

  it('refuses a pattern that matches nothing, a missing file and a folder', async () => {
    await expect(expandFileArgs(['*.pdf'], root)).rejects.toThrow(UsageError);
    await expect(expandFileArgs(['nope.txt'], root)).rejects.toThrow(/no such file/);
    await expect(expandFileArgs(['sub'], root)).rejects.toThrow(/not a file/);
  });
});
