import {
  isTooLargeForPreview,
  previewChoiceOf,
  previewReadsContent,
  type PreviewChoice,
} from '../preview-kind';
import { DownloadCard } from './DownloadCard';
import { ImagePreview } from './ImagePreview';
import { MediaPreview } from './MediaPreview';
import { OfficePreview } from './OfficePreview';
import { PdfPreview } from './PdfPreview';
import { PreviewGate } from './PreviewGate';
import { officeSourceOf, type PreviewSource } from './preview-source';
import { TextPreview } from './TextPreview';

export interface FilePreviewProps {
  source: PreviewSource;
  /** The preview may load: the file has no view limit, or the reader chose to spend a view. */
  started: boolean;
  /** Views left before this preview (null: unlimited), for the question asked first. */
  remaining: number | null;
  /** The reader chose to load the preview of a view-limited file. */
  onStart: () => void;
  onDownload: () => void;
}

/** The preview of a file, chosen by its name and type (see preview-kind.ts). */
export function FilePreview({ source, started, remaining, onStart, onDownload }: FilePreviewProps) {
  const choice = previewChoiceOf(source.filename, source.mimetype);
  if (!previewReadsContent(choice, source.size)) {
    const reason = isTooLargeForPreview(choice, source.size) ? 'tooLarge' : 'none';
    return <DownloadCard source={source} reason={reason} onDownload={onDownload} />;
  }
  if (!started) return <PreviewGate remaining={remaining ?? 0} onStart={onStart} />;
  return <ChosenPreview choice={choice} source={source} />;
}

function ChosenPreview({ choice, source }: { choice: PreviewChoice; source: PreviewSource }) {
  switch (choice.kind) {
    case 'markdown':
    case 'code':
    case 'config':
    case 'text':
    case 'html':
      return <TextPreview url={source.previewUrl} choice={choice} />;
    case 'image':
      return <ImagePreview url={source.previewUrl} filename={source.filename} />;
    case 'video':
    case 'audio':
      return <MediaPreview kind={choice.kind} url={source.previewUrl} filename={source.filename} />;
    case 'pdf':
      return <PdfPreview url={source.previewUrl} filename={source.filename} />;
    case 'office':
      return (
        <OfficePreview
          source={officeSourceOf(source)}
          token={source.token}
          filename={source.filename}
        />
      );
    case 'none':
      return null;
  }
}
