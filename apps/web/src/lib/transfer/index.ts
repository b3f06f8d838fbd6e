/**
 * The transfer engine, free of React screens and of any feature: the resumable multipart
 * uploader (SPEC §4) and its saved progress, the jobs a queue drives (one form request or the
 * uploader), and the unfinished uploads this browser keeps. A feature binds it to its routes
 * with a MultipartTransport and a send function.
 */
export * from './multipart';
export { SpeedMeter } from './multipart/speed-meter';
export { Throttle } from './multipart/throttle';
export {
  EMPTY_PROGRESS,
  Listeners,
  type JobCapabilities,
  type JobFailure,
  type JobSnapshot,
  type JobStatus,
  type UploadJob,
} from './jobs/job';
export { DirectJob, type SendWhole } from './jobs/direct-job';
export { jobSnapshotOf, MultipartJob, type UploaderLike } from './jobs/multipart-job';
export {
  forgetUnfinishedUploads,
  listUnfinishedUploads,
  resumePercentOf,
  uploadScopeOf,
  urlUploadScopeOf,
  type UnfinishedUpload,
} from './unfinished-uploads';
