import { describe, expect, it } from 'vitest';
import { childPath, crumbsOf, explorerHref, mountLocation, parentPath } from './location';

describe('mountLocation', () => {
  it('turns the route splat into an absolute path', () => {
    const none = new URLSearchParams();
    expect(mountLocation(undefined, none).path).toBe('/');
    expect(mountLocation('', none).path).toBe('/');
    expect(mountLocation('docs/2026/', none).path).toBe('/docs/2026');
    expect(mountLocation('a//b', none).path).toBe('/a/b');
  });

  it('reads the preview query parameter, ignoring an empty one', () => {
    expect(mountLocation('docs', new URLSearchParams('preview=plan.md')).preview).toBe('plan.md');
    expect(mountLocation('docs', new URLSearchParams('preview=')).preview).toBeUndefined();
    expect(mountLocation('docs', new URLSearchParams()).preview).toBeUndefined();
  });
});

describe('explorerHref', () => {
  it('encodes every name, so the address bar keeps #, ?, % and spaces', () => {
    expect(explorerHref('/')).toBe('/mount-explorer');
    expect(explorerHref('/team/docs')).toBe('/mount-explorer/team/docs');
    expect(explorerHref('/a#b/c?d/100%/x y')).toBe('/mount-explorer/a%23b/c%3Fd/100%25/x%20y');
    expect(explorerHref('/团队/资料')).toBe(
      '/mount-explorer/%E5%9B%A2%E9%98%9F/%E8%B5%84%E6%96%99',
    );
    expect(explorerHref('/docs', 'a&b=c.md')).toBe('/mount-explorer/docs?preview=a%26b%3Dc.md');
  });

  it('round-trips through the URL as the router decodes it', () => {
    for (const path of ['/a#b/c?d', '/100%/x y', '/团队/资料', '/e\u0301']) {
      const url = new URL(explorerHref(path, 'n?#.md'), 'http://x');
      const splat = url.pathname
        .slice('/mount-explorer/'.length)
        .split('/')
        .map(decodeURIComponent);
      const location = mountLocation(splat.join('/'), url.searchParams);
      expect(location).toEqual({ path: path.normalize('NFC'), preview: 'n?#.md' });
    }
  });

  it('links a path the server would refuse to the root', () => {
    expect(explorerHref('/a/../b')).toBe('/mount-explorer');
    expect(explorerHref('/a/\u0000')).toBe('/mount-explorer');
  });
});

describe('paths', () => {
  it('joins and splits folder paths', () => {
    expect(childPath('/', 'team')).toBe('/team');
    expect(childPath('/team', 'docs')).toBe('/team/docs');
    expect(parentPath('/team/docs')).toBe('/team');
    expect(parentPath('/team')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });
});

describe('crumbsOf', () => {
  it('lists every folder from the root, each reachable for the admin', () => {
    expect(crumbsOf('/team/docs')).toEqual([
      { name: '', path: '/', reachable: true },
      { name: 'team', path: '/team', reachable: true },
      { name: 'docs', path: '/team/docs', reachable: true },
    ]);
  });

  it('shows the folders above a basic path but offers none of them', () => {
    expect(crumbsOf('/team/docs/2026', '/team/docs').map((c) => [c.path, c.reachable])).toEqual([
      ['/', false],
      ['/team', false],
      ['/team/docs', true],
      ['/team/docs/2026', true],
    ]);
  });
});
