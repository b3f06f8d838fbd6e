import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, requestsTo } from '../../../test/fake-server';
import {
  editorText,
  installCodeMirrorLayoutStubs,
  typeInEditor,
} from '../../../test/kits/editor-kit';
import { EDITOR, editNotes, givenFile, info, renderPanel, UPDATE } from './file-panel-kit';

installCodeMirrorLayoutStubs();

describe('file panel preview', () => {
  it('shows an image through its short-lived link, with the file’s facts', async () => {
    givenFile(info('photo.png', { mimetype: 'image/png', size: 2048 }));
    renderPanel({ path: '/team/photo.png' });
    const panel = await screen.findByRole('dialog', { name: 'photo.png' });
    const image = await within(panel).findByRole('img', { name: 'photo.png' });
    expect(image).toHaveAttribute('src', '/files/team/photo.png');
    expect(within(panel).getByText('/team/photo.png')).toBeInTheDocument();
    expect(within(panel).getByText('2 KB')).toBeInTheDocument();
    expect(within(panel).getByText('image/png')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    // Not a text file: nothing to edit.
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('renders a Markdown file', async () => {
    givenFile(info('README.md', { mimetype: 'text/markdown' }), '# Team notes\n\nSome *words*.');
    renderPanel({ path: '/team/README.md' });
    const panel = await screen.findByRole('dialog', { name: 'README.md' });
    expect(await within(panel).findByRole('heading', { name: 'Team notes' })).toBeInTheDocument();
    expect(within(panel).getByTestId('file-preview')).toHaveAttribute('data-kind', 'markdown');
  });

  it('edits a text file in place and shows the saved text', async () => {
    const { fetchMock, panel, user } = await editNotes();
    expect(editorText(EDITOR)).toBe('first line');
    typeInEditor(EDITOR, '\nsecond line');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved notes.txt.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, UPDATE)).toEqual({
      path: '/team/notes.txt',
      content: 'first line\nsecond line',
    });
    await waitFor(() =>
      expect(within(panel).getByTestId('file-preview')).toHaveTextContent('second line'),
    );
    expect(screen.queryByRole('textbox', { name: EDITOR })).not.toBeInTheDocument();
    // The saved file's facts were read again.
    expect(requestsTo(fetchMock, 'GET /api/fs/get').length).toBeGreaterThan(1);
  });

  it('keeps the editor and the edits when saving fails, saying why', async () => {
    const { fetchMock, panel, user } = await editNotes({
      [UPDATE]: () => fail(403, 'FORBIDDEN'),
    });
    typeInEditor(EDITOR, ' changed');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(requestsTo(fetchMock, UPDATE)).toHaveLength(1);
    expect(editorText(EDITOR)).toBe('first line changed');
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('asks before discarding unsaved changes, on Cancel and on close', async () => {
    const { panel, user, onClose } = await editNotes();
    typeInEditor(EDITOR, '!');

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(editorText(EDITOR)).toBe('first line!');

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves an unchanged editor without asking', async () => {
    const { panel, user } = await editNotes();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument();
    expect(await within(panel).findByText('first line')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('offers no Edit in a read-only folder', async () => {
    givenFile(info('notes.txt'), 'read me');
    renderPanel({ path: '/team/notes.txt', writable: false });
    const panel = await screen.findByRole('dialog', { name: 'notes.txt' });
    expect(await within(panel).findByText('read me')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers no Edit for a text file over 10 MB, and says why', async () => {
    const { fetchMock } = givenFile(info('huge.log', { size: 11 * 1024 * 1024 }));
    renderPanel({ path: '/team/huge.log' });
    const panel = await screen.findByRole('dialog', { name: 'huge.log' });
    expect(await within(panel).findByText('Too large to edit here (over 10 MB).')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    // Too large to preview too: the download card, and the file is never fetched.
    expect(await within(panel).findByTestId('file-preview')).toHaveAttribute(
      'data-kind',
      'tooLarge',
    );
    expect(requestsTo(fetchMock, 'GET /files/team/huge.log')).toHaveLength(0);
  });
});
