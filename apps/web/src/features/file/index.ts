/**
 * Public surface of the file feature; the router lazy-loads this module. The file-management
 * module lazy-loads it too, for the dialogs it shares with the file page.
 */
export { FilePage } from './routes/FilePage';
export { FileViewer } from './components/FileViewer';
export { FileQrDialog } from './components/FileQrDialog';
export { EditFileDialog } from './edit/EditFileDialog';
export type { EditFileDialogProps } from './edit/EditFileDialog';
