import { useEffect, useMemo, useState } from 'react';
import { utf8ByteLength } from '../../lib/utf8';

/** Above this many characters the size is measured after a pause in typing, not per key. */
const MEASURE_NOW_MAX_CHARS = 200_000;
const MEASURE_DELAY_MS = 300;

/**
 * The UTF-8 size of `text`: exact at once for ordinary text; for very large text measured
 * 300 ms after the last change, so a 10 MB paste is not re-counted on every keystroke.
 * `settled` is false while the shown size may be out of date.
 */
export function useContentBytes(text: string): { bytes: number; settled: boolean } {
  const small = text.length <= MEASURE_NOW_MAX_CHARS;
  const immediate = useMemo(() => (small ? utf8ByteLength(text) : undefined), [small, text]);
  const [measured, setMeasured] = useState<{ text: string; bytes: number }>();

  useEffect(() => {
    if (small) return;
    const timer = window.setTimeout(
      () => setMeasured({ text, bytes: utf8ByteLength(text) }),
      MEASURE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [small, text]);

  if (immediate !== undefined) return { bytes: immediate, settled: true };
  // Until measured, every UTF-16 unit is at least one byte: a lower bound.
  if (!measured) return { bytes: text.length, settled: false };
  return { bytes: measured.bytes, settled: measured.text === text };
}
