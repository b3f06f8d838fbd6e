/** The browser multipart uploader (SPEC §4): framework-free core, React hook, XHR transfer. */
export { MultipartUploader, type MultipartUploaderOptions } from './multipart-uploader';
export { useMultipartUploader } from './use-multipart-uploader';
export { needsMultipart, partRanges, type PartRange } from './part-ranges';
export {
  pruneSavedUploads,
  readSavedUpload,
  removeSavedUpload,
  SAVED_UPLOAD_PREFIX,
  savedUploadKey,
  uploadFingerprint,
  type FingerprintSource,
  type SavedUpload,
} from './saved-uploads';
export { xhrPut, xhrPutPart, type XhrPutOptions, type XhrPutResult } from './xhr-transfer';
export { TransferError, transferFailureOf, type TransferErrorKind } from './transfer-error';
export { UploaderStateError, type UploaderStateErrorCode } from './upload-errors';
export { browserConnectivity, type Connectivity } from '../../connectivity';
export { systemClock, type Sleep, type UploaderClock } from './clock';
export type { ChunkInfo } from './chunk-table';
export type * from './types';
export { CHUNK_STATUSES, UPLOADER_STATES } from './types';
