import { describe, expect, it } from 'vitest';
import {
  bareEntityTag,
  ifHeaderHolds,
  parseIfHeader,
  submittedTokens,
  type IfResourceState,
} from './dav-if-header.js';

const state = (etag: string | null, ...tokens: string[]): IfResourceState => ({
  etag,
  tokens: new Set(tokens),
});

/** Answers every resource with the same state. */
const always = (answer: IfResourceState) => () => Promise.resolve(answer);

describe('parseIfHeader', () => {
  it('reads untagged lists of tokens and entity tags, with Not', () => {
    expect(parseIfHeader('(<urn:uuid:1> ["e1"]) (Not <DAV:no-lock>)')).toEqual([
      {
        resource: null,
        conditions: [
          { not: false, token: 'urn:uuid:1' },
          { not: false, etag: '"e1"' },
        ],
      },
      { resource: null, conditions: [{ not: true, token: 'DAV:no-lock' }] },
    ]);
  });

  it('reads tagged lists, each bound to its resource', () => {
    expect(parseIfHeader('<http://h/dav/a> (<t1>) <http://h/dav/b> (["x"])')).toEqual([
      { resource: 'http://h/dav/a', conditions: [{ not: false, token: 't1' }] },
      { resource: 'http://h/dav/b', conditions: [{ not: false, etag: '"x"' }] },
    ]);
  });

  it.each([
    ['', 'empty'],
    ['<t1>', 'a tag without a list'],
    ['()', 'an empty list'],
    ['(<t1>', 'an unclosed list'],
    ['(t1)', 'a bare word'],
    ['(<t1>) <http://h/x> (<t2>)', 'untagged then tagged'],
  ])('refuses %j (%s) with 400', (header) => {
    expect(() => parseIfHeader(header)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('submittedTokens', () => {
  it('counts the tokens named without Not', () => {
    const lists = parseIfHeader('(<a> Not <b>) (<c>)');
    expect([...submittedTokens(lists)].sort()).toEqual(['a', 'c']);
  });
});

describe('ifHeaderHolds', () => {
  it('holds when one list matches entirely', async () => {
    const lists = parseIfHeader('(<bad>) (<good> ["e1"])');
    expect(await ifHeaderHolds(lists, always(state('e1', 'good')))).toBe(true);
  });

  it('fails when a list matches only in part', async () => {
    const lists = parseIfHeader('(<good> ["other"])');
    expect(await ifHeaderHolds(lists, always(state('e1', 'good')))).toBe(false);
  });

  it('treats DAV:no-lock as never matching, so Not of it always does', async () => {
    expect(await ifHeaderHolds(parseIfHeader('(<DAV:no-lock>)'), always(state('e')))).toBe(false);
    expect(await ifHeaderHolds(parseIfHeader('(Not <DAV:no-lock>)'), always(state('e')))).toBe(
      true,
    );
  });

  it('compares weak and strong tags by their value, and never matches a resource without one', async () => {
    expect(await ifHeaderHolds(parseIfHeader('([W/"e1"])'), always(state('e1')))).toBe(true);
    expect(await ifHeaderHolds(parseIfHeader('(["e1"])'), always(state(null)))).toBe(false);
    expect(bareEntityTag(' "abc" ')).toBe('abc');
  });

  it('asks for each tagged resource once', async () => {
    const asked: (string | null)[] = [];
    const lists = parseIfHeader('<http://h/a> (<x>) <http://h/a> (<y>) <http://h/b> (<z>)');
    await ifHeaderHolds(lists, (resource) => {
      asked.push(resource);
      return Promise.resolve(state(null, 'z'));
    });
    expect(asked).toEqual(['http://h/a', 'http://h/b']);
  });
});
