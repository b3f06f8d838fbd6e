import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

function renderDebounced(initial: string) {
  return renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: initial } });
}

describe('useDebouncedValue', () => {
  it('settles on a value only once it has stayed for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderDebounced('');
    rerender({ value: 're' });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(result.current[0]).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current[0]).toBe('re');
  });

  it('restarts the wait on each change, so fast typing settles once on the last value', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderDebounced('');
    const seen: string[] = [];
    for (const value of ['r', 're', 'rep', 'repo']) {
      rerender({ value });
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
      });
      seen.push(result.current[0]);
    }
    expect(seen).toEqual(['', '', '', '']);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(result.current[0]).toBe('repo');
  });

  it('settles at once when told to', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderDebounced('');
    rerender({ value: 'report' });
    act(() => result.current[1]('report'));
    expect(result.current[0]).toBe('report');
  });
});
