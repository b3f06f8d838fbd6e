import type { FsInfo } from '@pasteport/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ok, stubServer, type FakeRoutes } from '../../../test/fake-server';
import { fileBody } from '../../../test/kits/file-kit';
import { FilePanel } from '../components/FilePanel';
import { renderPart } from '../actions/explorer-test-kit';

/*
 * Test support for the file panel (tests only): a fake mount holding one file, and the panel
 * rendered on its own with the app's providers.
 */

/** The editing surface's name for notes.txt. */
export const EDITOR = 'Text of notes.txt';

/** The save request's route key. */
export const UPDATE = 'POST /api/fs/update';

/** A file in /team as `fs/get` describes it. */
export function info(name: string, patch: Partial<FsInfo> = {}): FsInfo {
  return {
    name,
    path: `/team/${name}`,
    isDirectory: false,
    size: 64,
    modified: '2026-11-01T10:00:00Z',
    mimetype: 'text/plain',
    mount_id: 'm1',
    storage_type: 'LOCAL',
    etag: 'e1',
    ...patch,
  } as FsInfo;
}

/**
 * A fake mount holding one file: `fs/get`, `fs/file-link` (a link naming the ETag, so a new
 * version has a new link) and the link itself, which serves the file's current text.
 */
export function givenFile(file: FsInfo, text = '', routes: FakeRoutes = {}) {
  const stored = { file, text };
  const fetchMock = stubServer({
    'GET /api/fs/get': () => ok(stored.file),
    'GET /api/fs/file-link': ({ url }) =>
      ok({
        presignedUrl: `/files${url.searchParams.get('path') ?? ''}`,
        name: stored.file.name,
        expiresIn: 3600,
        expiresAt: '2030-01-01T00:00:00.000Z',
        forceDownload: url.searchParams.get('force_download') === 'true',
      }),
    [`GET /files${file.path}`]: () => fileBody(stored.text),
    [UPDATE]: ({ body }) => {
      const { content } = body as { content: string };
      stored.text = content;
      stored.file = { ...stored.file, size: content.length, etag: 'e2' } as FsInfo;
      return ok({ ...stored.file, etag: 'e2' });
    },
    ...routes,
  });
  return { fetchMock, stored };
}

/** Renders the panel open on `path`, with fresh providers. */
export function renderPanel({ path, writable = true }: { path: string; writable?: boolean }) {
  const onClose = vi.fn();
  renderPart(<FilePanel path={path} writable={writable} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

/** Opens notes.txt holding `text`, waits for its preview, and starts editing it. */
export async function editNotes(routes: FakeRoutes = {}, text = 'first line') {
  const server = givenFile(info('notes.txt', { size: text.length }), text, routes);
  const view = renderPanel({ path: '/team/notes.txt' });
  const panel = await screen.findByRole('dialog', { name: 'notes.txt' });
  await within(panel).findByText(text);
  await view.user.click(within(panel).getByRole('button', { name: 'Edit' }));
  await screen.findByRole('textbox', { name: EDITOR });
  return { ...server, ...view, panel };
}
