import type { FsItem } from '@pasteport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  fail,
  ok,
  requestsTo,
  stubServer,
  type FakeRoutes,
} from '../../../test/fake-server';
import { CopyMoveDialog } from './CopyMoveDialog';
import { givenFile, givenFolder, givenPage, renderPart } from './explorer-test-kit';
import { useExplorerActions } from './use-explorer-actions';

const DOCS = givenFolder('/team', 'docs');
const A = givenFile('/team', 'a.txt');
const B = givenFile('/team', 'b.txt');

const LISTINGS: FakeRoutes = {
  'GET /api/fs/list': ({ url }) => {
    const path = url.searchParams.get('path');
    if (path === '/team') return ok(givenPage('/team', [DOCS, givenFolder('/team', 'archive'), A]));
    if (path === '/team/archive') return ok(givenPage('/team/archive', []));
    return fail(404, 'NOT_FOUND');
  },
};

function copyAnswer(details: { sourcePath: string; targetPath: string; status: string }[]) {
  const count = (status: string) => details.filter((d) => d.status === status).length;
  return ok(
    {
      crossStorage: count('queued') > 0,
      success: count('success'),
      skipped: count('skipped'),
      failed: count('failed'),
      details,
      taskId: count('queued') > 0 ? 'task-1' : null,
      requiresClientSideCopy: false,
      crossStorageResults: [],
    },
    202,
  );
}

async function chooseArchive(label: 'Copy here' | 'Move here') {
  const dialog = within(await screen.findByRole('dialog'));
  await userOf().click(await dialog.findByRole('button', { name: 'Open folder “archive”' }));
  await dialog.findByText('No folders here.');
  await userOf().click(dialog.getByRole('button', { name: label }));
  return dialog;
}

let current: ReturnType<typeof renderPart> | undefined;
const userOf = () => {
  if (!current) throw new Error('nothing rendered');
  return current.user;
};

function renderDialog(mode: 'copy' | 'move', entries: FsItem[]) {
  const onClose = vi.fn();
  current = renderPart(
    <CopyMoveDialog mode={mode} entries={entries} start="/team" onClose={onClose} />,
  );
  return { onClose };
}

describe('Copy to…', () => {
  it('sends one batch copy into the chosen folder and says what was copied at once', async () => {
    const fetchMock = stubServer({
      ...LISTINGS,
      'POST /api/fs/batch-copy': () =>
        copyAnswer([
          { sourcePath: '/team/a.txt', targetPath: '/team/archive/a.txt', status: 'success' },
          { sourcePath: '/team/docs', targetPath: '/team/archive/docs', status: 'success' },
        ]),
    });
    const { onClose } = renderDialog('copy', [A, DOCS]);
    expect(await screen.findByRole('dialog', { name: 'Copy 2 items to…' })).toBeInTheDocument();
    await chooseArchive('Copy here');
    expect(await screen.findByText('2 items copied to “archive”.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/fs/batch-copy')).toEqual({
      items: [
        { sourcePath: '/team/a.txt', targetPath: '/team/archive/a.txt' },
        { sourcePath: '/team/docs', targetPath: '/team/archive/docs' },
      ],
      skipExisting: true,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the copy continues as a task, and names what was left alone or failed', async () => {
    stubServer({
      ...LISTINGS,
      'POST /api/fs/batch-copy': () =>
        copyAnswer([
          { sourcePath: '/team/a.txt', targetPath: '/team/archive/a.txt', status: 'queued' },
          { sourcePath: '/team/docs', targetPath: '/team/archive/docs', status: 'queued' },
          { sourcePath: '/team/b.txt', targetPath: '/team/archive/b.txt', status: 'skipped' },
        ]),
    });
    renderDialog('copy', [A, DOCS, B]);
    await chooseArchive('Copy here');
    expect(
      await screen.findByText(
        'Copying 2 items to “archive” continues as a task: see the task panel.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('“b.txt” already exists in “archive” and was left as it is.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/copied to/)).not.toBeInTheDocument();
  });

  it('keeps the picker open with the reason when the server refuses the copy', async () => {
    stubServer({ ...LISTINGS, 'POST /api/fs/batch-copy': () => fail(403, 'READ_ONLY') });
    const { onClose } = renderDialog('copy', [A]);
    const dialog = await chooseArchive('Copy here');
    expect(
      await dialog.findByText('This place is read-only: nothing can be changed here.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Move to…', () => {
  it('moves each entry by rename; a folder goes on as a task; a taken name is named', async () => {
    const fetchMock = stubServer({
      ...LISTINGS,
      'POST /api/fs/rename': ({ body }) => {
        const { oldPath, newPath } = body as { oldPath: string; newPath: string };
        if (oldPath === '/team/b.txt') return fail(409, 'ALREADY_EXISTS');
        const folder = oldPath === '/team/docs';
        return ok({
          oldPath,
          newPath,
          isDirectory: folder,
          moved: folder ? 0 : 1,
          taskId: folder ? 't1' : null,
        });
      },
    });
    const { onClose } = renderDialog('move', [A, DOCS, B]);
    expect(await screen.findByRole('dialog', { name: 'Move 3 items to…' })).toBeInTheDocument();
    await chooseArchive('Move here');
    expect(await screen.findByText('“a.txt” moved to “archive”.')).toBeInTheDocument();
    expect(
      screen.getByText('Moving “docs” to “archive” continues as a task: see the task panel.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('“b.txt” could not be moved: This already exists. Choose another.'),
    ).toBeInTheDocument();
    const bodies = requestsTo(fetchMock, 'POST /api/fs/rename').map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    );
    expect(bodies).toEqual([
      { oldPath: '/team/a.txt', newPath: '/team/archive/a.txt' },
      { oldPath: '/team/docs', newPath: '/team/archive/docs' },
      { oldPath: '/team/b.txt', newPath: '/team/archive/b.txt' },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('stops between entries when asked, saying what was not moved', async () => {
    let release: () => void = () => undefined;
    const fetchMock = stubServer({
      ...LISTINGS,
      'POST /api/fs/rename': async ({ body }) => {
        const { oldPath, newPath } = body as { oldPath: string; newPath: string };
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return ok({ oldPath, newPath, isDirectory: false, moved: 1, taskId: null });
      },
    });
    renderDialog('move', [A, B]);
    const dialog = await chooseArchive('Move here');
    expect(await dialog.findByText('Moving 0 of 2…')).toBeInTheDocument();
    await userOf().click(dialog.getByRole('button', { name: 'Stop' }));
    release();
    expect(await screen.findByText('“a.txt” moved to “archive”.')).toBeInTheDocument();
    expect(screen.getByText('Operation cancelled: 1 item was not moved.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/fs/rename')).toHaveLength(1);
  });

  it('keeps the picker open when the one entry cannot move there', async () => {
    stubServer({ ...LISTINGS, 'POST /api/fs/rename': () => fail(409, 'ALREADY_EXISTS') });
    const { onClose } = renderDialog('move', [A]);
    const dialog = await chooseArchive('Move here');
    expect(await dialog.findByText('This already exists. Choose another.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('useExplorerActions', () => {
  it('says there is nothing to copy for an empty selection, and opens no dialog', async () => {
    stubServer(LISTINGS);
    function Harness() {
      const actions = useExplorerActions('/team', () => undefined);
      return (
        <>
          <button type="button" onClick={() => actions.copyTo([])}>
            copy
          </button>
          {actions.dialog}
        </>
      );
    }
    const { user } = renderPart(<Harness />);
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText('No files to copy.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
