import { LONG_PRESS_MS, LONG_PRESS_TOLERANCE_PX } from '@pasteport/contract/plain';

/** Where a press happened, in viewport coordinates. */
export interface PressPoint {
  x: number;
  y: number;
}

/** What the recogniser reads of a pointer event (no DOM needed, so tests drive it directly). */
export interface PressSample extends PressPoint {
  pointerId: number;
  /** 'touch', 'pen' or 'mouse' (PointerEvent.pointerType). */
  pointerType: string;
}

/** The timer the recogniser waits on; injected so tests control time. */
export interface PressScheduler {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

/** The browser's timers. */
export const WINDOW_SCHEDULER: PressScheduler = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type State =
  { kind: 'idle' } | { kind: 'pending'; start: PressSample; timer: unknown } | { kind: 'fired' };

/** The long-press recogniser of one element (or one list: one press at a time). */
export interface LongPress {
  down: (sample: PressSample) => void;
  move: (sample: PressSample) => void;
  /** Pointer up: a press released before the delay is no long press. */
  up: (sample: Pick<PressSample, 'pointerId'>) => void;
  /** Pointer cancel (the browser took the gesture, e.g. to scroll). */
  cancel: () => void;
  /**
   * Whether the click that follows a fired long press must be swallowed (it would follow the
   * link under the finger). True once per fired press.
   */
  takeClick: () => boolean;
  /**
   * Whether a native `contextmenu` now belongs to a touch press (pending or fired): the
   * browser's own menu is suppressed and the press decides.
   */
  ownsContextMenu: () => boolean;
  /** Stops a pending timer (unmount). */
  dispose: () => void;
}

/**
 * SPEC §2/§9 long press: a touch or pen pointer held for LONG_PRESS_MS without moving more than
 * LONG_PRESS_TOLERANCE_PX (straight-line distance from where it went down; exactly the
 * tolerance still counts) fires `onLongPress` once with the start point. A mouse never
 * long-presses: it has a right button.
 */
export function createLongPress(
  onLongPress: (at: PressPoint) => void,
  {
    scheduler = WINDOW_SCHEDULER,
    delayMs = LONG_PRESS_MS,
    tolerancePx = LONG_PRESS_TOLERANCE_PX,
  }: { scheduler?: PressScheduler; delayMs?: number; tolerancePx?: number } = {},
): LongPress {
  let state: State = { kind: 'idle' };

  function reset() {
    if (state.kind === 'pending') scheduler.clear(state.timer);
    state = { kind: 'idle' };
  }

  return {
    down(sample) {
      // A second finger (pinch) or any new press starts over.
      const wasPending = state.kind === 'pending';
      reset();
      if (wasPending || (sample.pointerType !== 'touch' && sample.pointerType !== 'pen')) return;
      const start = { ...sample };
      const timer = scheduler.set(() => {
        if (state.kind !== 'pending' || state.start !== start) return;
        state = { kind: 'fired' };
        onLongPress({ x: start.x, y: start.y });
      }, delayMs);
      state = { kind: 'pending', start, timer };
    },
    move(sample) {
      if (state.kind !== 'pending' || sample.pointerId !== state.start.pointerId) return;
      const distance = Math.hypot(sample.x - state.start.x, sample.y - state.start.y);
      if (distance > tolerancePx) reset();
    },
    up(sample) {
      if (state.kind === 'pending' && sample.pointerId === state.start.pointerId) reset();
    },
    cancel() {
      if (state.kind === 'pending') reset();
    },
    takeClick() {
      if (state.kind !== 'fired') return false;
      state = { kind: 'idle' };
      return true;
    },
    ownsContextMenu: () => state.kind !== 'idle',
    dispose: reset,
  };
}
