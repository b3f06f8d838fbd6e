import { ActionIcon, createTheme, Drawer, NavLink } from '@mantine/core';
import { TOUCH_TARGET_PX } from '../../components/sizes';

/** The Mantine theme: system fonts with CJK fallbacks so Chinese renders in a native face. */
export const theme = createTheme({
  primaryColor: 'blue',
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
