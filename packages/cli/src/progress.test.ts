import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress.js';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, columns: 100, write: (text: string) => written.push(text) } };
}

describe('progress bar', () => {
  it('draws on a terminal, ending at 100%', () => {
    const { written, stream } = terminal(true);
    const bar = new ProgressBar(stream, 'big.bin', 2048);
    bar.add(1024);
    bar.add(1024);
    bar.finish();
    expect(written.some((line) => line.includes('50%'))).toBe(true);
    expect(written.at(-2)).toContain('100% 2.0 KiB/2.0 KiB');
    expect(written.at(-1)).toBe('\n');
  });

  it('writes nothing when stderr is not a terminal', () => {
    const { written, stream } = terminal(false);
    const bar = new ProgressBar(stream, 'big.bin', 10);
    bar.add(10);
    bar.finish();
    expect(written).toEqual([]);
  });
});
