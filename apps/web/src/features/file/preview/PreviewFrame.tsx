import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PreviewKind } from '../preview-kind';
import classes from './preview.module.css';

/** The bordered area a preview fills; `kind` names what is shown (for tests and styling). */
export function PreviewFrame({
  kind,
  children,
}: {
  kind: PreviewKind | 'gate' | 'tooLarge';
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.frame}
      data-testid="file-preview"
      data-kind={kind}
    >
      {children}
    </Paper>
  );
}
