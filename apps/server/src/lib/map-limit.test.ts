import { describe, expect, it } from 'vitest';
import { mapLimit } from './map-limit.js';

describe('mapLimit', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimit([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      // Later items finish first: order must come from the index, not from completion.
      for (let tick = 0; tick < 7 - n; tick++) await Promise.resolve();
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it('answers an empty list at once and passes a failure on', async () => {
    expect(await mapLimit([], 4, () => Promise.resolve(1))).toEqual([]);
    await expect(mapLimit([1, 2], 2, (n) => Promise.reject(new Error(`no ${n}`)))).rejects.toThrow(
      'no 1',
    );
  });
});
