import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { givenFile, givenFolder, renderPart } from '../actions/explorer-test-kit';
import { EntryGrid } from './EntryGrid';
import { EntryList } from './EntryList';

const ENTRIES = [givenFolder('/team', 'docs'), givenFile('/team', 'a.txt')];

function renderList() {
  const onContextMenu = vi.fn();
  const onSelect = vi.fn();
  const view = renderPart(
    <EntryList
      entries={ENTRIES}
      hrefOf={(item) => `/mount-explorer${item.path}`}
      onEndReached={() => undefined}
      selected={new Set()}
      focusKey={null}
      onSelect={onSelect}
      onKeyAction={() => undefined}
      onContextMenu={onContextMenu}
    />,
  );
  return { ...view, onContextMenu, onSelect };
}

describe('EntryList context menu', () => {
  it('opens on right-click at the pointer, without the browser menu', async () => {
    const { onContextMenu } = renderList();
    const link = await screen.findByRole('link', { name: /a\.txt/ });
    const event = fireEvent.contextMenu(link, { clientX: 30, clientY: 70 });
    expect(event).toBe(false); // default prevented
    expect(onContextMenu).toHaveBeenCalledWith(ENTRIES[1], { x: 30, y: 70 });
  });

  it('opens from the keyboard: Shift+F10 and the Menu key on the focused entry', async () => {
    const { user, onContextMenu } = renderList();
    const link = await screen.findByRole('link', { name: /docs/ });
    link.focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    expect(onContextMenu).toHaveBeenLastCalledWith(ENTRIES[0], { x: 0, y: 0 });
    screen.getByRole('checkbox', { name: 'Select “a.txt”' }).focus();
    await user.keyboard('{ContextMenu}');
    expect(onContextMenu).toHaveBeenCalledTimes(2);
    expect(onContextMenu).toHaveBeenLastCalledWith(ENTRIES[1], { x: 0, y: 0 });
    await user.keyboard('{F10}');
    expect(onContextMenu).toHaveBeenCalledTimes(2);
  });

  it('opens on a 500 ms touch press and swallows the click that follows', async () => {
    const { onContextMenu, router } = renderList();
    const link = await screen.findByRole('link', { name: /a\.txt/ });
    vi.useFakeTimers();
    const touch = { pointerId: 1, pointerType: 'touch', clientX: 12, clientY: 34 };
    fireEvent.pointerDown(link, touch);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onContextMenu).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onContextMenu).toHaveBeenCalledWith(ENTRIES[1], { x: 12, y: 34 });
    // The browser's own menu and the click after lifting the finger do nothing more.
    fireEvent.contextMenu(link, touch);
    fireEvent.pointerUp(link, touch);
    fireEvent.click(link);
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('EntryList long press, lifting the finger', () => {
  it('cancels the touchend of a fired press (no tap, so no outside mousedown), not of a short one', async () => {
    const { onContextMenu } = renderList();
    const link = await screen.findByRole('link', { name: /a\.txt/ });
    vi.useFakeTimers();
    const touch = { pointerId: 1, pointerType: 'touch', clientX: 5, clientY: 5 };
    fireEvent.pointerDown(link, touch);
    fireEvent.pointerUp(link, touch);
    // A short tap keeps its touchend: the browser's click follows the link as usual.
    expect(fireEvent.touchEnd(link)).toBe(true);

    fireEvent.pointerDown(link, touch);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(onContextMenu).toHaveBeenCalledTimes(1);
    fireEvent.pointerUp(link, touch);
    // fireEvent answers false when a handler called preventDefault.
    expect(fireEvent.touchEnd(link)).toBe(false);
  });
});

describe('EntryGrid context menu', () => {
  it('opens on right-click and on Shift+F10', async () => {
    const onContextMenu = vi.fn();
    const { user } = renderPart(
      <EntryGrid
        entries={ENTRIES}
        hrefOf={(item) => `/mount-explorer${item.path}`}
        onEndReached={() => undefined}
        view="grid"
        onContextMenu={onContextMenu}
      />,
    );
    const link = await screen.findByRole('link', { name: /a\.txt/ });
    fireEvent.contextMenu(link, { clientX: 5, clientY: 6 });
    expect(onContextMenu).toHaveBeenCalledWith(ENTRIES[1], { x: 5, y: 6 });
    screen.getByRole('link', { name: /docs/ }).focus();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    expect(onContextMenu).toHaveBeenLastCalledWith(ENTRIES[0], { x: 0, y: 0 });
  });
});
