import { describe, expect, it } from 'vitest';
import { SpeedMeter } from './speed-meter';

describe('SpeedMeter', () => {
  it('averages over the last 3 s, forgetting older bursts', () => {
    const meter = new SpeedMeter();
    // 10 kB in the first second, then 1 kB/s.
    meter.record(0, 0);
    meter.record(1000, 10_000);
    for (let second = 2; second <= 6; second += 1)
      meter.record(second * 1000, 10_000 + (second - 1) * 1000);
    expect(meter.speed(6000)).toBeCloseTo(1000, 0);
  });

  it('reads 0 with too little history rather than guessing', () => {
    const meter = new SpeedMeter();
    meter.record(0, 0);
    meter.record(100, 50_000);
    expect(meter.speed(100)).toBe(0);
    expect(meter.speed(500)).toBe(100_000);
  });

  it('decays to 0 once nothing moved for a whole window', () => {
    const meter = new SpeedMeter();
    meter.record(0, 0);
    meter.record(1000, 3000);
    expect(meter.speed(1000)).toBe(3000);
    expect(meter.speed(2500)).toBeGreaterThan(0);
    expect(meter.speed(4001)).toBe(0);
  });

  it('starts over after reset', () => {
    const meter = new SpeedMeter();
    meter.record(0, 0);
    meter.record(1000, 3000);
    meter.reset();
    expect(meter.speed(1000)).toBe(0);
  });
});
