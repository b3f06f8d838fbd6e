/**
 * The offline data kit: the notice on a page shown from its offline copy, and the way to
 * forget everything this device kept (a button with its dialog, or a settings section).
 */
export { ForgetOfflineDataButton } from './ForgetOfflineDataButton';
export { ForgetOfflineDataDialog } from './ForgetOfflineDataDialog';
export { OfflineCopyNotice } from './OfflineCopyNotice';
export { OfflineDataSection } from './OfflineDataSection';
