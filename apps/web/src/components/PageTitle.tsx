import { Title } from '@mantine/core';
import { APP_NAME } from '@pasteport/contract/plain';
import { useEffect } from 'react';
import { formatDocumentTitle } from '../lib/format';

/** Sets the browser tab title, e.g. "Upload files · Pasteport"; re-runs when the text changes. */
export function useDocumentTitle(title: string, section?: string): void {
  useEffect(() => {
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
