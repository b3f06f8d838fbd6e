import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, stubServer, type FakeRoutes } from '../../../test/fake-server';
import { givenFile, givenFolder, givenPage, renderPart } from './explorer-test-kit';
import { FolderPicker } from './FolderPicker';

/** A fake GET /api/fs/list: path → page ('' cursor) or cursor → page. */
function tree(pages: Record<string, ReturnType<typeof givenPage>>): FakeRoutes {
  return {
    'GET /api/fs/list': ({ url }) => {
      const key = url.searchParams.get('cursor') ?? url.searchParams.get('path') ?? '/';
      const page = pages[key];
      return page ? ok(page) : fail(404, 'NOT_FOUND');
    },
  };
}

const TEAM = givenPage('/team', [
  givenFolder('/team', 'docs'),
  givenFolder('/team', 'archive'),
  givenFile('/team', 'a.txt'),
]);
const ARCHIVE = givenPage('/team/archive', [givenFolder('/team/archive', '2025')]);

function renderPicker(sources: string[], start = '/team') {
  const onChoose = vi.fn();
  const view = renderPart(
    <FolderPicker
      title="Move to…"
      start={start}
      sources={sources}
      chooseLabel="Move here"
      onChoose={onChoose}
      onClose={() => undefined}
    />,
  );
  return { ...view, onChoose };
}

describe('FolderPicker', () => {
  it('lists only folders, goes into one and chooses it', async () => {
    stubServer(tree({ '/team': TEAM, '/team/archive': ARCHIVE }));
    const { user, onChoose } = renderPicker(['/team/a.txt']);
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to…' }));
    const folders = await dialog.findByRole('list', { name: 'Folders in “team”' });
    expect(
      within(folders)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['docs', 'archive']);
    // a.txt is already in /team: not a place to move it to.
    expect(dialog.getByRole('button', { name: 'Move here' })).toBeDisabled();
    expect(dialog.getByText('The items are already in this folder.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Open folder “archive”' }));
    expect(await dialog.findByRole('button', { name: 'Open folder “2025”' })).toBeInTheDocument();
    expect(dialog.getByText('archive')).toHaveAttribute('aria-current', 'location');
    await user.click(dialog.getByRole('button', { name: 'Move here' }));
    expect(onChoose).toHaveBeenCalledWith('/team/archive');

    // Back up through the breadcrumbs.
    await user.click(dialog.getByRole('button', { name: 'team' }));
    expect(await dialog.findByRole('button', { name: 'Open folder “docs”' })).toBeInTheDocument();
  });

  it('refuses a source folder and what lies beneath it, with the reason', async () => {
    stubServer(
      tree({
        '/team': TEAM,
        '/team/docs': givenPage('/team/docs', [givenFolder('/team/docs', 'inner')]),
        '/team/docs/inner': givenPage('/team/docs/inner', []),
      }),
    );
    const { user, onChoose } = renderPicker(['/team/docs'], '/team');
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Open folder “docs”' }));
    const choose = dialog.getByRole('button', { name: 'Move here' });
    expect(
      await dialog.findByText('A folder cannot go into itself or a folder inside it.'),
    ).toBeInTheDocument();
    expect(choose).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Open folder “inner”' }));
    expect(await dialog.findByText('No folders here.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Move here' })).toBeDisabled();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('refuses a read-only folder, and loads more folders of a big one', async () => {
    stubServer(
      tree({
        '/ro': givenPage('/ro', [givenFolder('/ro', 'f1')], { writable: false, next_cursor: 'c1' }),
        c1: givenPage('/ro', [givenFolder('/ro', 'f2'), givenFile('/ro', 'z.txt')], {
          writable: false,
        }),
      }),
    );
    const { user } = renderPicker(['/team/a.txt'], '/ro');
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      await dialog.findByText('This folder is read-only: nothing can be copied or moved into it.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Move here' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Load more folders' }));
    expect(await dialog.findByRole('button', { name: 'Open folder “f2”' })).toBeInTheDocument();
    // The last page held a file: every folder is in, so no more to load.
    expect(dialog.queryByRole('button', { name: 'Load more folders' })).not.toBeInTheDocument();
  });
});
