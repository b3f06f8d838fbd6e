import { describe, expect, it } from 'vitest';
import { intOption, parseCommand, splitCommand } from './args.js';
import { UsageError } from './errors.js';
import { fileShareFields, parseExpiry, pasteShareFields, SHARE_OPTIONS } from './share-options.js';
import { parseShareRef } from './commands/share-links.js';

describe('command line', () => {
  it('splits the command from global options around it', () => {
    expect(splitCommand(['--json', 'paste', 'a.txt'])).toEqual({
      command: 'paste',
      rest: ['--json', 'a.txt'],
    });
    expect(splitCommand(['--json'])).toEqual({ command: undefined, rest: ['--json'] });
  });

  it('parses options and positionals; -- ends the options', () => {
    const parsed = parseCommand(['--slug', 'abc', 'file', '--json', '--', '-dash'], SHARE_OPTIONS);
    expect(parsed.values).toMatchObject({ slug: 'abc', json: true });
    expect(parsed.positionals).toEqual(['file', '-dash']);
  });

  it('refuses an unknown option or a missing value as a usage error naming it', () => {
    expect(() => parseCommand(['--nope'], SHARE_OPTIONS)).toThrow(UsageError);
    expect(() => parseCommand(['--nope'], SHARE_OPTIONS)).toThrow(/--nope/);
    expect(() => parseCommand(['--slug'], SHARE_OPTIONS)).toThrow(/--slug/);
  });

  it('takes whole numbers in range only', () => {
    expect(intOption('12', '--max-views', 0, 100)).toBe(12);
    expect(intOption(undefined, '--max-views', 0)).toBeUndefined();
    for (const bad of ['-1', '1.5', 'abc', '', '101', '1e3']) {
      expect(() => intOption(bad, '--max-views', 0, 100), bad).toThrow(/--max-views/);
    }
  });
});

describe('share options', () => {
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('reads expiry durations in hours, never, and ISO instants', () => {
    expect(parseExpiry('12h', now)).toBe(12);
    expect(parseExpiry('7d', now)).toBe(168);
    expect(parseExpiry('2w', now)).toBe(336);
    expect(parseExpiry('1mo', now)).toBe(720);
    expect(parseExpiry('never', now)).toBeNull();
    expect(parseExpiry('2026-01-02T00:00:00Z', now)).toBe(24);
    for (const bad of ['7', '0h', '3y', '2025-01-01T00:00:00Z', 'soon', '99999999d']) {
      expect(() => parseExpiry(bad, now), bad).toThrow(UsageError);
    }
  });

  it('builds the paste body with the API field names', () => {
    expect(
      pasteShareFields(
        { slug: 'my-note', password: 'pw', expires: '1d', 'max-views': '3', remark: 'r' },
        now,
      ),
    ).toEqual({
      slug: 'my-note',
      password: 'pw',
      remark: 'r',
      max_views: 3,
      expires_at: '2026-01-02T00:00:00.000Z',
    });
    expect(pasteShareFields({ expires: 'never' }, now)).toEqual({ expires_at: null });
    expect(pasteShareFields({}, now)).toEqual({});
  });

  it('builds the upload fields (expires_in hours, 0 for never)', () => {
    expect(
      fileShareFields(
        {
          expires: 'never',
          'access-mode': 'direct',
          storage: 'cfg',
          path: 'a/b',
          'max-views': '0',
        },
        now,
      ),
    ).toEqual({
      expires_in: 0,
      access_mode: 'direct',
      s3_config_id: 'cfg',
      path: 'a/b',
      max_views: 0,
    });
    expect(fileShareFields({ expires: '2026-01-01T01:30:00Z' }, now)).toEqual({ expires_in: 2 });
  });

  it('refuses what the server would refuse, naming the option', () => {
    expect(() => pasteShareFields({ slug: 'a b' })).toThrow(/--slug/);
    expect(() => pasteShareFields({ slug: 'x'.repeat(51) })).toThrow(/--slug/);
    expect(() => pasteShareFields({ slug: 'api' })).toThrow(/reserved/);
    expect(() => pasteShareFields({ password: '' })).toThrow(/--password/);
    expect(() => pasteShareFields({ remark: 'x'.repeat(501) })).toThrow(/--remark/);
    expect(() => pasteShareFields({ 'max-views': '-3' })).toThrow(/--max-views/);
    expect(() => fileShareFields({ 'access-mode': 'cdn' })).toThrow(/--access-mode/);
  });
});

describe('share references', () => {
  it('reads slugs and paste/file links', () => {
    expect(parseShareRef('abc')).toEqual({ slug: 'abc', kind: undefined, origin: undefined });
    expect(parseShareRef('/file/abc')).toEqual({ slug: 'abc', kind: 'file', origin: undefined });
    expect(parseShareRef('https://p.example/paste/abc')).toEqual({
      slug: 'abc',
      kind: 'paste',
      origin: 'https://p.example',
    });
    expect(parseShareRef('http://p.example:8080/file/a%20b/')).toEqual({
      slug: 'a b',
      kind: 'file',
      origin: 'http://p.example:8080',
    });
  });

  it('refuses other links and paths', () => {
    expect(() => parseShareRef('https://p.example/admin')).toThrow(UsageError);
    expect(() => parseShareRef('../etc/passwd')).toThrow(UsageError);
    expect(() => parseShareRef('')).toThrow(UsageError);
  });
});
