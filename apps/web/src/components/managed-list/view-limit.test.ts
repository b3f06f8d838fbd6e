import { describe, expect, it } from 'vitest';
import { viewLimitReached, viewsText } from './view-limit';

describe('view limit', () => {
  it('writes views against the limit, ∞ for none', () => {
    expect(viewsText({ views: 3, max_views: 0 })).toBe('3 / ∞');
    expect(viewsText({ views: 3, max_views: 5 })).toBe('3 / 5');
  });

  it('is reached only with a limit', () => {
    expect(viewLimitReached({ views: 5, max_views: 5 })).toBe(true);
    expect(viewLimitReached({ views: 4, max_views: 5 })).toBe(false);
    expect(viewLimitReached({ views: 5, max_views: 0 })).toBe(false);
  });
});
