/** How the Home workspace shows the text: editor only, editor beside preview, preview only. */
export type ViewMode = 'edit' | 'split' | 'preview';

/** Side by side needs room: from 768 px (Mantine's sm breakpoint). */
export const WIDE_SCREEN_QUERY = '(min-width: 48em)';

/** The modes offered: phones get edit/preview tabs only. */
export function viewModesFor(wide: boolean): readonly ViewMode[] {
  return wide ? ['edit', 'split', 'preview'] : ['edit', 'preview'];
}

/** The mode shown: the user's choice if the screen offers it, else the screen's default. */
export function effectiveViewMode(chosen: ViewMode | undefined, wide: boolean): ViewMode {
  const modes = viewModesFor(wide);
  if (chosen && modes.includes(chosen)) return chosen;
  return wide ? 'split' : 'edit';
}
