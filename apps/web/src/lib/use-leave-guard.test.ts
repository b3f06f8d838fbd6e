import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLeaveGuard } from './use-leave-guard';

/** Dispatches a cancelable beforeunload and says whether something asked to stay. */
function leaveIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useLeaveGuard', () => {
  it('asks before leaving only while active', () => {
    const view = renderHook(({ active }) => useLeaveGuard(active), {
      initialProps: { active: false },
    });
    expect(leaveIsQuestioned()).toBe(false);
    view.rerender({ active: true });
    expect(leaveIsQuestioned()).toBe(true);
    view.rerender({ active: false });
    expect(leaveIsQuestioned()).toBe(false);
  });

  it('stops asking once unmounted', () => {
    const view = renderHook(() => useLeaveGuard(true));
    expect(leaveIsQuestioned()).toBe(true);
    view.unmount();
    expect(leaveIsQuestioned()).toBe(false);
  });
});
