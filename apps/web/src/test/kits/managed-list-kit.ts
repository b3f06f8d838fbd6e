import { screen, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';

/** Makes the viewport phone-sized until the test ends: max-width media queries match. */
export function pretendPhone() {
  const real = window.matchMedia.bind(window);
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
    const list = real(query);
    return query.includes('max-width') ? { ...list, matches: true } : list;
  });
  onTestFinished(() => spy.mockRestore());
}

/** Finders for the rows of a managed list by their test id (e.g. 'file-row'). */
export function listFinders(rowTestId: string, wait?: waitForOptions) {
  return {
    /** Waits for the rows to show. */
    rows: () => screen.findAllByTestId(rowTestId, undefined, wait),
    /** The slugs of the rows shown now, in order. */
    slugsShown: () =>
      screen.queryAllByTestId(rowTestId).map((row) => row.getAttribute('data-slug')),
    /** Opens the "⋯" menu of the row named `name`. */
    openRowMenu: async (user: UserEvent, name: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for “${name}”` }, wait));
    },
  };
}
