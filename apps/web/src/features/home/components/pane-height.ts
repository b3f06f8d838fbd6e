/** Editor and preview share one height: the viewport less the page around them, at least 18rem. */
export const PANE_HEIGHT = 'max(18rem, calc(100dvh - 27rem))';
