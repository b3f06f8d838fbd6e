import { localStorageColorSchemeManager } from '@mantine/core';
import { THEME_MODES, type ThemeMode } from '@pasteport/contract/plain';
import { STORAGE_KEYS } from '../../lib/storage';

/** Default theme mode (SPEC §9): follow the operating system. */
export const DEFAULT_THEME_MODE: ThemeMode = 'auto';

/**
 * Mantine's manager stores the raw mode ('auto' | 'light' | 'dark') under our key and keeps
 * 'auto' in sync with prefers-color-scheme; public/color-scheme.js reads the same key.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

/** The next mode in SPEC §4's cycle: auto → light → dark → auto. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODES.indexOf(mode);
  return THEME_MODES[(index + 1) % THEME_MODES.length] ?? DEFAULT_THEME_MODE;
}
