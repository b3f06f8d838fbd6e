/**
 * Public surface of the file feature; the router lazy-loads this module. The file-management
 * module lazy-loads it too, for the dialogs it shares with the file page.
 */
export { FilePage } from './routes/FilePage';
export { FileViewer } from './components/FileViewer';
export { FileQrDialog } from './components/FileQrDialog';
export { EditFileDialog } from './edit/EditFileDialog';
export type { EditFileDialogProps } from './edit/EditFileDialog';
// The previews alone, for files that are not shares (the mount explorer's file panel).
export { FilePreview } from './preview/FilePreview';
export type { FilePreviewProps } from './preview/FilePreview';
export type { PreviewSource } from './preview/preview-source';
