import type { FsWritten } from '@pasteport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api';
import { DirectJob, MultipartJob, MultipartUploader, needsMultipart } from '../../../lib/transfer';
import { FS_QUERY_KEY, TASKS_QUERY_KEY } from '../../../lib/query-keys';
import {
  createUploadTask,
  FsMultipartTransport,
  reportUploadItem,
  sendFsForm,
  type UploadTarget,
} from './fs-upload-api';
import { ExplorerUploads } from './explorer-uploads';

/** Small files in one form, larger ones (over one 5 MiB part) through the multipart uploader. */
function makeJob(file: File, target: UploadTarget) {
  if (needsMultipart(file.size)) {
    const transport = new FsMultipartTransport(api, target);
    // The scope keys saved progress: the same file for the same place resumes after a reload.
    const scope = `fs:${target.folder}/${target.name}`;
    const uploader = new MultipartUploader({ file, transport, scope });
    return new MultipartJob<FsWritten>(uploader, () => transport.lastError);
  }
  return new DirectJob<FsWritten>(file.size, (options) => sendFsForm(api, target, file, options));
}

let shared: ExplorerUploads | null = null;

/** One upload store per page load: uploads go on while the user browses other folders. */
export function explorerUploads(): ExplorerUploads {
  shared ??= new ExplorerUploads({
    createTask: (folder, files) => createUploadTask(api, folder, files),
    report: (taskId, seq, report) => reportUploadItem(api, taskId, seq, report),
    makeJob,
    storage: window.localStorage,
    now: () => Date.now(),
  });
  return shared;
}

/** The uploads and their store; a stored file refreshes the listings and the task list. */
export function useExplorerUploads() {
  const uploads = explorerUploads();
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
  useEffect(
    () =>
      uploads.onStored(() => {
        void queryClient.invalidateQueries({ queryKey: FS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      }),
    [uploads, queryClient],
  );
  return { uploads, snapshot };
}
