import { describe, expect, it } from 'vitest';
import { mountLocation } from './location';

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
