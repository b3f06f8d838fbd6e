import type { MouseEvent, PointerEvent, TouchEvent } from 'react';
import { useEffect, useRef } from 'react';
import { createLongPress, type LongPress, type PressPoint } from './long-press';

const sampleOf = (event: PointerEvent) => ({
  pointerId: event.pointerId,
  pointerType: event.pointerType,
  x: event.clientX,
  y: event.clientY,
});

/** The handlers one entry element spreads to take part in its list's long press. */
export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
  onTouchEnd: (event: TouchEvent) => void;
  onClickCapture: (event: MouseEvent) => void;
}

/**
 * Wires the long-press recogniser (long-press.ts) to the pointer events of a list's entries:
 * one recogniser per list (one press at a time). `bind(target)` gives an entry's handlers;
 * `ownsContextMenu()` tells the entry's `contextmenu` handler that a touch press decides.
 */
export function useLongPress<T>(onLongPress: (target: T, at: PressPoint) => void) {
  const callback = useRef(onLongPress);
  const target = useRef<T | null>(null);
  useEffect(() => {
    callback.current = onLongPress;
  });
  const recogniser = useRef<LongPress | null>(null);
  useEffect(() => () => recogniser.current?.dispose(), []);

  // Made on the first press (event handlers only: the recogniser is no render state).
  const press = () =>
    (recogniser.current ??= createLongPress((at) => {
      if (target.current !== null) callback.current(target.current, at);
    }));
  return {
    bind: (item: T): LongPressHandlers => ({
      onPointerDown: (event) => {
        target.current = item;
        press().down(sampleOf(event));
      },
      onPointerMove: (event) => press().move(sampleOf(event)),
      onPointerUp: (event) => press().up(sampleOf(event)),
      onPointerCancel: () => press().cancel(),
      // A fired press ends here: cancelling its touchend stops the compatibility mouse events
      // and click that browsers (iOS Safari, or Chromium when its own long-press timeout is
      // longer) send for a tap — their mousedown would close the menu just opened.
      onTouchEnd: (event) => {
        if (event.cancelable && press().takeClick()) event.preventDefault();
      },
      onClickCapture: (event) => {
        if (!press().takeClick()) return;
        event.preventDefault();
        event.stopPropagation();
      },
    }),
    ownsContextMenu: () => press().ownsContextMenu(),
  };
}
