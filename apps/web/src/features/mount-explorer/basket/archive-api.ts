import {
  archiveLinkSchema,
  type ArchiveLink,
  type CreateArchiveRequest,
} from '@pasteport/contract';
import { ROUTES } from '@pasteport/contract/plain';
import { api, apiLink } from '../../../lib/api';

/**
 * `POST /api/fs/archive`: a link (valid 1 hour) that streams a ZIP of the paths, made absolute
 * against the API in use (local setups answer an origin-relative link).
 */
export async function requestArchive(request: CreateArchiveRequest): Promise<ArchiveLink> {
  const link = archiveLinkSchema.parse(
    await api.call<unknown>(ROUTES.createArchive, { body: request }),
  );
  return { ...link, url: apiLink(link.url) };
}
