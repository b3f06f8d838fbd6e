import { ROUTES } from '@pasteport/contract/plain';
import { fsWrittenSchema, type FsWritten } from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FS_QUERY_KEY } from '../../../lib/query-keys';
import { fetchFileLink } from '../api';
import { linkKindOf, type PreviewedFile } from './preview-source';

/** Seconds a preview link lives: long enough for a video watched to its end. */
export const PREVIEW_LINK_SECONDS = 60 * 60;
/** How long a preview link is reused: reopening a file shows it without asking again. */
const PREVIEW_LINK_REUSE_MS = 50 * 60 * 1000;

/** The file whose preview link is wanted: its facts, and its ETag (a new one, a new link). */
export interface LinkedFile extends PreviewedFile {
  path: string;
  etag: string;
}

/**
 * The short-lived link a file's preview reads. Kept apart from `['fs']`: a write elsewhere
 * must not reload a playing video. A changed file has a new ETag, and so a link of its own.
 */
export function usePreviewLink(file: LinkedFile | undefined) {
  const kind = file ? linkKindOf(file) : 'inline';
  return useQuery({
    queryKey: ['mount-explorer', 'preview-link', file?.path, file?.etag, kind],
    queryFn: async () => {
      if (!file) throw new Error('no file to link');
      const link = await fetchFileLink(file.path, {
        forceDownload: kind === 'download',
        expiresIn: PREVIEW_LINK_SECONDS,
      });
      return link.presignedUrl;
    },
    enabled: file !== undefined,
    staleTime: PREVIEW_LINK_REUSE_MS,
    gcTime: PREVIEW_LINK_REUSE_MS,
  });
}

/**
 * `POST /api/fs/update`: replaces a text file. Every `['fs']` query is refreshed before it
 * resolves, so the listing's size and date and the panel's preview show the saved file.
 */
export function useSaveTextFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: { path: string; content: string }): Promise<FsWritten> =>
      fsWrittenSchema.parse(await api.call<unknown>(ROUTES.fsUpdate, { body: update })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FS_QUERY_KEY }),
  });
}
