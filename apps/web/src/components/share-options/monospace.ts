/** Slugs and paths are read character by character, so their inputs are monospaced. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
