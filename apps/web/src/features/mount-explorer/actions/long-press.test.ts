import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLongPress, type PressSample } from './long-press';

const touch = (x: number, y: number, pointerId = 1): PressSample => ({
  pointerId,
  pointerType: 'touch',
  x,
  y,
});

describe('long press', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const fired = vi.fn();
    return { fired, press: createLongPress(fired) };
  }

  it('fires at 500 ms, not at 499, once, with the start point', () => {
    const { fired, press } = setup();
    press.down(touch(100, 200));
    vi.advanceTimersByTime(499);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(fired).toHaveBeenCalledWith({ x: 100, y: 200 });
    vi.advanceTimersByTime(5000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('tolerates 10 px of movement (straight-line) and cancels at 11', () => {
    const { fired, press } = setup();
    press.down(touch(0, 0));
    press.move(touch(6, 8)); // exactly 10 px away
    vi.advanceTimersByTime(500);
    expect(fired).toHaveBeenCalledWith({ x: 0, y: 0 });

    fired.mockClear();
    press.down(touch(0, 0));
    press.move(touch(11, 0));
    // Coming back does not revive a cancelled press.
    press.move(touch(0, 0));
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('is cancelled by lifting the finger or by the browser taking the gesture', () => {
    const { fired, press } = setup();
    press.down(touch(5, 5));
    vi.advanceTimersByTime(300);
    press.up({ pointerId: 1 });
    vi.advanceTimersByTime(1000);
    press.down(touch(5, 5));
    press.cancel();
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
    expect(press.takeClick()).toBe(false);
  });

  it('ignores the mouse, and counts a pen', () => {
    const { fired, press } = setup();
    press.down({ pointerId: 1, pointerType: 'mouse', x: 1, y: 1 });
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
    expect(press.ownsContextMenu()).toBe(false);
    press.down({ pointerId: 2, pointerType: 'pen', x: 1, y: 1 });
    vi.advanceTimersByTime(500);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('a second finger cancels the press', () => {
    const { fired, press } = setup();
    press.down(touch(0, 0, 1));
    press.down(touch(50, 50, 2));
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('swallows the one click after firing, and claims the native context menu', () => {
    const { press } = setup();
    press.down(touch(0, 0));
    expect(press.ownsContextMenu()).toBe(true);
    vi.advanceTimersByTime(500);
    press.up({ pointerId: 1 });
    expect(press.ownsContextMenu()).toBe(true);
    expect(press.takeClick()).toBe(true);
    expect(press.takeClick()).toBe(false);
    expect(press.ownsContextMenu()).toBe(false);
  });

  it('a short tap leaves its click alone', () => {
    const { press } = setup();
    press.down(touch(0, 0));
    vi.advanceTimersByTime(100);
    press.up({ pointerId: 1 });
    expect(press.takeClick()).toBe(false);
  });

  it('stops its timer when disposed', () => {
    const { fired, press } = setup();
    press.down(touch(0, 0));
    press.dispose();
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });
});
