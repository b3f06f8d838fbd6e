/** Minimum touch target (UX.md: ≥ 40 px) for icon buttons, nav rows and close buttons. */
export const TOUCH_TARGET_PX = 40;
