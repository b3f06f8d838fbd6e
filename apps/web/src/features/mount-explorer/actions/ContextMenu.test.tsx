import type { FsItem } from '@pasteport/contract';
import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ContextMenu, type ContextMenuActions, type ContextMenuTarget } from './ContextMenu';
import { givenFile, givenFolder, renderPart } from './explorer-test-kit';

const FILE = givenFile('/team', 'report.pdf');
const FOLDER = givenFolder('/team', 'docs');

function actions() {
  return {
    onOpen: vi.fn(),
    onPreview: vi.fn(),
    onDownload: vi.fn(),
    onCopyLink: vi.fn(),
    onShare: vi.fn(),
    onRename: vi.fn(),
    onCopyTo: vi.fn(),
    onMoveTo: vi.fn(),
    onDelete: vi.fn(),
    onAddToBasket: vi.fn(),
    onProperties: vi.fn(),
  } satisfies Required<ContextMenuActions>;
}

function open(entries: readonly FsItem[], writable = true) {
  const callbacks = actions();
  const onClose = vi.fn();
  const view = renderPart(
    <ContextMenu
      target={{ entries, at: { x: 40, y: 60 } }}
      writable={writable}
      onClose={onClose}
      {...callbacks}
    />,
  );
  const labels = () => screen.getAllByRole('menuitem').map((item) => item.textContent);
  return { ...view, callbacks, onClose, labels };
}

describe('ContextMenu', () => {
  it('offers every action for one file', () => {
    const { labels } = open([FILE]);
    expect(screen.getByRole('menu', { name: 'Actions for “report.pdf”' })).toBeInTheDocument();
    expect(labels()).toEqual([
      'Open',
      'Preview',
      'Download',
      'Copy link…',
      'Share…',
      'Add to basket',
      'Rename…',
      'Copy to…',
      'Move to…',
      'Delete…',
      'Properties',
    ]);
  });

  it('leaves out the file-only actions for a folder', () => {
    const { labels } = open([FOLDER]);
    expect(labels()).toEqual([
      'Open',
      'Add to basket',
      'Rename…',
      'Copy to…',
      'Move to…',
      'Delete…',
      'Properties',
    ]);
  });

  it('offers only the actions for many with several entries', () => {
    const { labels } = open([FILE, FOLDER]);
    expect(screen.getByRole('menu', { name: 'Actions for 2 items' })).toBeInTheDocument();
    expect(labels()).toEqual(['Add to basket', 'Copy to…', 'Move to…', 'Delete…']);
  });

  it('hides rename, move and delete where the caller may not write; copy to stays', () => {
    const { labels } = open([FILE], false);
    expect(labels()).not.toContain('Rename…');
    expect(labels()).not.toContain('Move to…');
    expect(labels()).not.toContain('Delete…');
    expect(labels()).toContain('Copy to…');
  });

  it('calls each action with its entry or entries, and closes', async () => {
    const single: [string, keyof ContextMenuActions][] = [
      ['Open', 'onOpen'],
      ['Preview', 'onPreview'],
      ['Download', 'onDownload'],
      ['Copy link…', 'onCopyLink'],
      ['Share…', 'onShare'],
      ['Rename…', 'onRename'],
      ['Properties', 'onProperties'],
    ];
    const many: [string, keyof ContextMenuActions][] = [
      ['Copy to…', 'onCopyTo'],
      ['Move to…', 'onMoveTo'],
      ['Delete…', 'onDelete'],
      ['Add to basket', 'onAddToBasket'],
    ];
    for (const [label, callback] of [...single, ...many]) {
      const { user, callbacks, onClose, unmount } = open([FILE]);
      await user.click(screen.getByRole('menuitem', { name: label }));
      const expected = single.some(([, name]) => name === callback) ? FILE : [FILE];
      expect(callbacks[callback]).toHaveBeenCalledWith(expected);
      const others = Object.entries(callbacks).filter(([name]) => name !== callback);
      for (const [, other] of others) expect(other).not.toHaveBeenCalled();
      expect(onClose).toHaveBeenCalled();
      unmount();
    }
  });

  it('is driven by the keyboard and closes on Escape', async () => {
    const { user, callbacks, onClose } = open([FILE]);
    // The menu opens with its first item focused (the WAI-ARIA menu pattern).
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Open' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(callbacks.onPreview).toHaveBeenCalledWith(FILE);
    onClose.mockClear();
    const again = open([FILE]);
    await again.user.keyboard('{Escape}');
    expect(again.onClose).toHaveBeenCalled();
    expect(again.callbacks.onOpen).not.toHaveBeenCalled();
  });

  it('gives the focus back to where it was when it closes', async () => {
    function Harness() {
      const [target, setTarget] = useState<ContextMenuTarget | null>(null);
      return (
        <>
          <button type="button" onClick={() => setTarget({ entries: [FILE], at: { x: 0, y: 0 } })}>
            row
          </button>
          <ContextMenu target={target} writable onClose={() => setTarget(null)} />
        </>
      );
    }
    const { user } = renderPart(<Harness />);
    const row = screen.getByRole('button', { name: 'row' });
    await user.click(row);
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(row).toHaveFocus());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('leaves out an action the page gives no callback for', () => {
    renderPart(
      <ContextMenu
        target={{ entries: [FILE], at: { x: 0, y: 0 } }}
        writable
        onClose={() => undefined}
        onOpen={() => undefined}
      />,
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open']);
  });

  it('has no serious or critical axe violation (a menu owns only its items)', async () => {
    open([FILE]);
    await screen.findByRole('menu', { name: 'Actions for “report.pdf”' });
    // jsdom draws nothing, so contrast is left to the browser tests.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.failureSummary}`),
    ).toEqual([]);
  });
});
