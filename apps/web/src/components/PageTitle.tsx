import { Title } from '@mantine/core';
import { APP_NAME } from '@pasteport/contract/plain';
import { useLayoutEffect } from 'react';
import { formatDocumentTitle } from '../lib/format';

/**
 * Sets the browser tab title, e.g. "Upload files · Pasteport"; re-runs when the text changes.
 * A layout effect: the title changes in the same commit as the page it names, never a frame
 * later (a passive effect could leave "Shared file" on a page already showing the file).
 */
export function useDocumentTitle(title: string, section?: string): void {
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(APP_NAME, title, section ?? '');
  }, [title, section]);
}

/**
 * The page's single h1, which also names the browser tab. Drawn in the scheme's brightest text
 * colour: in dark mode Mantine's body text is greyer than the header's links.
 */
export function PageTitle({ title, section }: { title: string; section?: string }) {
  useDocumentTitle(title, section);
  return (
    <Title order={1} size="h2" c="bright" data-testid="page-title">
      {title}
    </Title>
  );
}
