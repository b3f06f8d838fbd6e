import classes from './PasteLayout.module.css';

/** Button classNames: icon-only below the sm breakpoint, the label kept as accessible name. */
export const COMPACT_ON_PHONES = {
  root: classes.compact,
  section: classes.compactSection,
  label: classes.compactLabel,
};
