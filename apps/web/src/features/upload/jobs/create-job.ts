import { ServerMultipartTransport, uploadDirect } from '../api';
import { MultipartUploader, needsMultipart } from '../multipart';
import type { JobFactory } from '../upload-queue';
import type { CallAuth } from '../upload-call';
import { DirectJob } from './direct-job';
import { MultipartJob } from './multipart-job';

/**
 * The real job factory: files up to one part (5 MiB) go in one form request, larger ones
 * through the multipart uploader (SPEC §4), which resumes saved progress of the same file.
 */
export function createJobFactory(auth: CallAuth): JobFactory {
  return (file, fields, scope) => {
    if (needsMultipart(file.size)) {
      const transport = new ServerMultipartTransport(auth, fields);
      const uploader = new MultipartUploader({ file, transport, scope });
      return new MultipartJob(uploader, () => transport.lastError);
    }
    return new DirectJob(file.size, ({ signal, onProgress }) =>
      uploadDirect(auth, file, fields(), { signal, onProgress }),
    );
  };
}
