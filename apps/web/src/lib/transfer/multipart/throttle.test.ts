import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../test/kits/multipart-kit';
import { Throttle } from './throttle';

describe('Throttle', () => {
  it('fires at once, then folds requests within the interval into one trailing call', async () => {
    const clock = new FakeClock();
    const fired: number[] = [];
    const throttle = new Throttle(clock, 100, () => fired.push(clock.now() - start));
    const start = clock.now();
    throttle.request();
    throttle.request();
    throttle.request();
    expect(fired).toEqual([0]);
    await clock.advance(99);
    expect(fired).toEqual([0]);
    await clock.advance(1);
    expect(fired).toEqual([0, 100]);
    await clock.advance(500);
    throttle.request();
    expect(fired).toEqual([0, 100, 600]);
  });

  it('flush fires now and drops the pending trailing call; cancel just drops it', async () => {
    const clock = new FakeClock();
    let fired = 0;
    const throttle = new Throttle(clock, 100, () => (fired += 1));
    throttle.request();
    throttle.request();
    throttle.flush();
    expect(fired).toBe(2);
    await clock.advance(200);
    expect(fired).toBe(2);
    throttle.request();
    expect(fired).toBe(3);
    throttle.request();
    throttle.cancel();
    await clock.advance(200);
    expect(fired).toBe(3);
  });
});
