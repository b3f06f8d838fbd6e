import { Skeleton, Stack, useComputedColorScheme } from '@mantine/core';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addCopyButtons, handleCopyClick, type CopyTexts } from './code-copy';
import { renderMermaidBlocks, type MermaidTexts } from './mermaid/render-blocks';
import type { MarkdownHeading } from './render/headings';
import type { RenderLoaders } from './render/render';
import { useRenderedMarkdown } from './use-rendered-markdown';
import classes from './MarkdownView.module.css';
import './markdown.css';

export type { MarkdownHeading } from './render/headings';

export interface MarkdownViewProps {
  source: string;
  /** Called after each render with the document's headings (for a table of contents). */
  onHeadings?: (headings: MarkdownHeading[]) => void;
  /** Plain text: shown as preformatted text, never parsed as Markdown. */
  plainText?: boolean;
  className?: string;
  /** Replaces the lazy KaTeX/Shiki loaders (tests). */
  loaders?: RenderLoaders;
}

/** The global class the document stylesheet (markdown.css) and the exports hang on. */
export const DOCUMENT_CLASS = 'pp-markdown';

function joinClasses(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * A rendered Markdown document (or plain text), sanitised; see render/ and sanitize/ for the
 * pipeline. Math, code highlighting and diagrams load only when the document has them.
 */
export function MarkdownView({ plainText = false, ...props }: MarkdownViewProps) {
  return plainText ? <PlainTextView {...props} /> : <RenderedView {...props} />;
}

type ViewProps = Omit<MarkdownViewProps, 'plainText'>;

function PlainTextView({ source, onHeadings, className }: ViewProps) {
  const report = useEffectEvent(() => onHeadings?.([]));
  useEffect(() => report(), [source]);
  return (
    <pre
      data-testid="markdown-view"
      className={joinClasses(DOCUMENT_CLASS, classes.plainText, className)}
    >
      {source}
    </pre>
  );
}

function RenderedView({ source, onHeadings, className, loaders }: ViewProps) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const container = useRef<HTMLDivElement>(null);
  const { result, pending } = useRenderedMarkdown(source, loaders);

  const copyTexts = useMemo<CopyTexts>(
    () => ({
      copy: t('markdown.copyCode'),
      copied: t('markdown.copied'),
      failed: t('markdown.copyFailed'),
    }),
    [t],
  );
  const mermaidTexts = useMemo<MermaidTexts>(
    () => ({
      loading: t('markdown.diagramLoading'),
      error: t('markdown.diagramError'),
      details: t('markdown.diagramErrorDetails'),
    }),
    [t],
  );

  const reportHeadings = useEffectEvent((headings: MarkdownHeading[]) => onHeadings?.(headings));
  useEffect(() => {
    if (result) reportHeadings(result.headings);
  }, [result]);

  // Layout effects: the buttons and cached diagrams are in place before the browser paints.
  useLayoutEffect(() => {
    if (result && container.current) {
      addCopyButtons(container.current, copyTexts, classes.copyButton ?? '');
    }
  }, [result, copyTexts]);

  useLayoutEffect(() => {
    const element = container.current;
    if (!result || !element) return;
    let cancelled = false;
    void renderMermaidBlocks(element, {
      dark,
      texts: mermaidTexts,
      isCancelled: () => cancelled,
    });
    return () => {
      cancelled = true;
    };
  }, [result, dark, mermaidTexts]);

  if (!result) {
    return (
      <div
        key="loading"
        data-testid="markdown-view"
        className={joinClasses(DOCUMENT_CLASS, classes.root, className)}
        aria-busy="true"
      >
        <Stack gap="sm" role="status" aria-label={t('markdown.loading')}>
          <Skeleton height={28} width="55%" radius="sm" />
          <Skeleton height={12} radius="sm" />
          <Skeleton height={12} radius="sm" />
          <Skeleton height={12} width="80%" radius="sm" />
        </Stack>
      </div>
    );
  }

  // One element per segment: when a large document changes, React only replaces the segments
  // whose HTML changed, and the stylesheet lets the browser skip laying out off-screen ones.
  return (
    <div
      key="document"
      ref={container}
      data-testid="markdown-view"
      className={joinClasses(DOCUMENT_CLASS, classes.root, className)}
      data-segmented={result.segments.length > 1 || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => handleCopyClick(event.target, copyTexts)}
    >
      {result.segments.map((html, index) => (
        <div
          key={index}
          className="pp-segment"
          // Sanitised by render/render.ts → sanitize/sanitize.ts (DOMPurify) before it gets here.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ))}
    </div>
  );
}
