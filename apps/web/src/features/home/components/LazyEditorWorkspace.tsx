import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { PANE_HEIGHT } from './pane-height';

// CodeMirror and the Markdown renderer are the heavy part of Home: the page (title, options,
// notices) shows at once and the workspace follows in its own chunk.
const EditorWorkspace = lazy(() =>
  import('./EditorWorkspace').then((module) => ({ default: module.EditorWorkspace })),
);

/** EditorWorkspace, loaded on first use, with a skeleton of its size meanwhile. */
export function LazyEditorWorkspace(props: ComponentProps<typeof EditorWorkspace>) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Skeleton h={PANE_HEIGHT} radius="md" role="status" aria-label={t('common.loading')} />
      }
    >
      <EditorWorkspace {...props} />
    </Suspense>
  );
}
