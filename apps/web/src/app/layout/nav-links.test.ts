import { describe, expect, it } from 'vitest';
import { isLinkActive } from './nav-links';

describe('isLinkActive', () => {
  it('matches Home only exactly', () => {
    expect(isLinkActive('/', { to: '/', end: true })).toBe(true);
    expect(isLinkActive('/upload', { to: '/', end: true })).toBe(false);
  });

  it('matches a section and its sub-paths, not look-alike prefixes', () => {
    const admin = { to: '/admin', end: false };
    expect(isLinkActive('/admin', admin)).toBe(true);
    expect(isLinkActive('/admin/settings', admin)).toBe(true);
    expect(isLinkActive('/administrator', admin)).toBe(false);
  });
});
