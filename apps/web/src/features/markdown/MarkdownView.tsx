/** A heading of the rendered document, for the table of contents. */
export interface MarkdownHeading {
  level: number;
  text: string;
  /** The id of the heading element (an anchor target). */
  id: string;
}

export interface MarkdownViewProps {
  source: string;
  /** Called after each render with the document's headings (for a table of contents). */
  onHeadings?: (headings: MarkdownHeading[]) => void;
  /** Plain text: shown as preformatted text, never parsed as Markdown. */
  plainText?: boolean;
  className?: string;
}

// Placeholder until the renderer lands: shows the source as text (never as HTML).
export function MarkdownView({ source, className }: MarkdownViewProps) {
  return (
    <pre className={className} style={{ whiteSpace: 'pre-wrap' }}>
      {source}
    </pre>
  );
}
