import { describe, expect, it } from 'vitest';
import { shareInFlight } from './share-in-flight';

describe('shareInFlight', () => {
  it('gives callers that start while a request is in flight the same request', async () => {
    let calls = 0;
    const start = () => {
      calls += 1;
      return Promise.resolve(calls);
    };
    const [first, second] = await Promise.all([
      shareInFlight('k', start),
      shareInFlight('k', start),
    ]);
    expect([first, second]).toEqual([1, 1]);
    expect(calls).toBe(1);
  });

  it('starts again once the earlier request has settled, and keeps keys apart', async () => {
    let calls = 0;
    const start = () => Promise.resolve((calls += 1));
    await shareInFlight('a', start);
    await shareInFlight('a', start);
    await shareInFlight('b', start);
    expect(calls).toBe(3);
  });

  it('forgets a failed request, so asking again tries again', async () => {
    await expect(shareInFlight('x', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(shareInFlight('x', () => Promise.resolve('yes'))).resolves.toBe('yes');
  });
});
