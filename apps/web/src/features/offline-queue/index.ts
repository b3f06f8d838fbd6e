/** The offline queue's UI: the header button, its panel and the "sent" toasts. */
export { OfflineQueueButton } from './OfflineQueueButton';
