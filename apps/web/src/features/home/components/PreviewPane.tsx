import { Paper, Text } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../markdown';

/**
 * The live preview. It renders a deferred copy of the text, so typing stays responsive while a
 * long document re-renders in the background.
 */
export function PreviewPane({
  source,
  plainText,
  height,
}: {
  source: string;
  plainText: boolean;
  height: string;
}) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(source);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="region"
      aria-label={t('home.preview.label')}
      // Focusable so keyboard users can scroll it, with the theme's focus ring when they do.
      tabIndex={0}
      className="mantine-focus-auto"
      style={{ height, overflow: 'auto', minWidth: 0 }}
      data-testid="home-preview"
    >
      {deferred.trim() === '' ? (
        <Text c="dimmed" size="sm">
          {t('home.preview.empty')}
        </Text>
      ) : (
        <MarkdownView source={deferred} plainText={plainText} />
      )}
    </Paper>
  );
}
