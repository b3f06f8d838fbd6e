import type { ApiClient } from '../../lib/api';
import { ServerMultipartTransport, uploadDirect } from './api';
import { DirectJob, MultipartJob, MultipartUploader, needsMultipart } from '../../lib/transfer';
import type { JobFactory } from './upload-queue';

/**
 * The real job factory: files up to one part (5 MiB) go in one form request, larger ones
 * through the multipart uploader (SPEC §4), which resumes saved progress of the same file.
 */
export function createJobFactory(client: ApiClient): JobFactory {
  return (file, fields, scope) => {
    if (needsMultipart(file.size)) {
      const transport = new ServerMultipartTransport(client, fields);
      const uploader = new MultipartUploader({ file, transport, scope });
      return new MultipartJob(uploader, () => transport.lastError);
    }
    return new DirectJob(file.size, ({ signal, onProgress }) =>
      uploadDirect(client, file, fields(), { signal, onProgress }),
    );
  };
}
