import { ActionIcon, createTheme, Drawer, NavLink, type CSSVariablesResolver } from '@mantine/core';
import { TOUCH_TARGET_PX } from '../../components/sizes';

/** The Mantine theme: system fonts with CJK fallbacks so Chinese renders in a native face. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 under white text (filled buttons, chips) and as link colour is 3.5:1; 8 is 5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    ActionIcon: ActionIcon.extend({ defaultProps: { size: TOUCH_TARGET_PX } }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { size: TOUCH_TARGET_PX, iconSize: 20 } },
    }),
    NavLink: NavLink.extend({ styles: { root: { minHeight: TOUCH_TARGET_PX } } }),
  },
});

/**
 * Colours Mantine's defaults leave under WCAG AA's 4.5:1 (UX.md: no serious axe violation in
 * either scheme): dimmed and placeholder text, the text of light-variant alerts and badges in
 * the warmer hues (yellow #e67700 on #fff3bf is 2.7:1), and field error messages (Mantine's
 * error red is 3.3:1 on white and 3:1 on a dark modal; the light red text colour passes both).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-yellow-light-color': '#8f5200',
    '--mantine-color-orange-light-color': '#b33c0c',
    '--mantine-color-lime-light-color': '#3f6b07',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-error': 'var(--mantine-color-red-light-color)',
    // Outline badges draw the filled shade on white: teal's is 3.9:1, its darkest 5:1.
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-error': 'var(--mantine-color-red-light-color)',
  },
});
