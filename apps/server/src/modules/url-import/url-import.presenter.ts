import type { UrlImportProgress } from '@pasteport/contract';
import { userContentHeaders } from '../../http/user-content.js';
import type { ImportProgressView } from './import-tasks.js';
import { passiveContentType } from './remote-file.js';
import type { ProxiedFile } from './url-fetch.service.js';

/** A task as progress reads see it (the abort handle and owner stay inside). */
export function presentImportProgress(task: ImportProgressView): UrlImportProgress {
  return {
    state: task.state,
    loaded: task.loaded,
    total: task.total,
    ...(task.file ? { file: task.file } : {}),
    ...(task.error ? { error: task.error } : {}),
  };
}

/**
 * Headers of a proxied remote body (ARCHITECTURE §5: user content never runs on this origin):
 * always an attachment, never sniffed, sandboxed if opened anyway, and an active remote type
 * (HTML, SVG …) downgraded to application/octet-stream.
 */
export function proxyHeaders(file: ProxiedFile): Record<string, string> {
  return {
    ...userContentHeaders(passiveContentType(file.contentType), 'download', file.filename),
    'Cache-Control': 'no-store',
    ...(file.size !== null ? { 'Content-Length': String(file.size) } : {}),
    ...(file.encoding !== undefined ? { 'Content-Encoding': file.encoding } : {}),
  };
}
