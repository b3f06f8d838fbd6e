import { describe, expect, it } from 'vitest';
import { inferContext } from './context';
import { buildUrl } from './url';

describe('inferContext', () => {
  it.each([
    ['POST', '/paste/abc', 'password-verification'],
    ['POST', 'paste/abc', 'password-verification'],
    ['POST', '/public/files/abc/verify', 'password-verification'],
    ['GET', '/paste/abc', 'default'],
    ['POST', '/paste', 'default'],
    ['POST', '/admin/change-password', 'change-password'],
    ['POST', '/upload', 'file'],
    ['POST', 's3/presign', 'file'],
    ['GET', '/user/files?limit=50', 'file'],
    ['POST', '/fs/multipart/init', 'file'],
    ['GET', '/fs/list', 'default'],
    ['GET', '/admin/pastes', 'default'],
  ] as const)('%s %s → %s', (method, path, expected) => {
    expect(inferContext(method, path)).toBe(expected);
  });
});

describe('buildUrl', () => {
  it('appends to a query already in the path', () => {
    expect(buildUrl('/api', '/raw/a?x=1', { password: 'p w' })).toBe('/api/raw/a?x=1&password=p+w');
  });

  it('leaves the query out when nothing is left after skipping empty values', () => {
    expect(buildUrl('/api', '/fs/list', { path: undefined })).toBe('/api/fs/list');
  });
});
