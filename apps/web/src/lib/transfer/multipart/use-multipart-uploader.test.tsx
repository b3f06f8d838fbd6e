import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { givenUploader, until } from '../../../test/kits/multipart-kit';
import { useMultipartUploader } from './use-multipart-uploader';

describe('useMultipartUploader', () => {
  it("follows the uploader's snapshot", async () => {
    const { uploader } = givenUploader();
    const { result } = renderHook(() => useMultipartUploader(uploader));
    expect(result.current.state).toBe('idle');
    await act(async () => {
      await uploader.start();
    });
    expect(result.current).toMatchObject({ state: 'completed', percent: 100 });
    expect(result.current).toBe(uploader.getSnapshot());
  });

  it('re-renders on throttled snapshots, not on every progress event', async () => {
    const { uploader, transport, clock } = givenUploader();
    transport.script(1, 'hold');
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useMultipartUploader(uploader);
    });
    let run: Promise<unknown> = Promise.resolve();
    act(() => {
      run = uploader.start();
    });
    await act(() => until(() => transport.held.length === 1, 'part 1 in flight'));
    const before = renders;
    await act(async () => {
      for (let byte = 1; byte <= 9; byte += 1) transport.held[0]?.onProgress(byte);
      await clock.advance(100);
    });
    expect(renders - before).toBeLessThanOrEqual(2);
    expect(result.current.loaded).toBeGreaterThanOrEqual(9);
    await act(async () => {
      transport.releaseAll();
      await run;
    });
    expect(result.current.state).toBe('completed');
  });

  it('returns null without an uploader', () => {
    const { result } = renderHook(() => useMultipartUploader(null));
    expect(result.current).toBeNull();
  });
});
