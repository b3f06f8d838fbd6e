import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPart } from '../actions/explorer-test-kit';
import { fakeDataTransfer, fileEntry, folderEntry } from './drop-test-kit';
import { DropTarget } from './DropTarget';
import type { PickedFile } from './picked-files';
import { flush } from './uploads-test-kit';

const DROP_HERE = 'Drop to upload into this folder';

/** The listing of /m/docs with a folder row (album) and a file row, inside the drop target. */
function renderDropTarget(enabled = true) {
  const onDrop = vi.fn<(folder: string, files: PickedFile[]) => void>();
  const view = renderPart(
    <DropTarget folder="/m/docs" enabled={enabled} onDrop={onDrop}>
      <ul aria-label="Folder contents">
        <li data-drop-folder="/m/docs/album">
          <span>album</span>
        </li>
        <li>notes.txt</li>
      </ul>
    </DropTarget>,
  );
  return { ...view, onDrop };
}

const paths = (files: PickedFile[] | undefined) => files?.map((file) => file.relativePath);

describe('DropTarget', () => {
  it('takes files and folders dropped onto the listing into the current folder', async () => {
    const { onDrop } = renderDropTarget();
    const transfer = fakeDataTransfer({
      entries: [fileEntry('a.txt'), folderEntry('trip', [fileEntry('b.jpg')])],
    });
    const onFile = screen.getByText('notes.txt');
    fireEvent.dragEnter(onFile, { dataTransfer: transfer });
    // Accepting a drop means preventing the default of dragover (fireEvent answers false).
    expect(fireEvent.dragOver(onFile, { dataTransfer: transfer })).toBe(false);
    expect(transfer.dropEffect).toBe('copy');
    expect(screen.getByText(DROP_HERE)).toBeVisible();

    fireEvent.drop(onFile, { dataTransfer: transfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    const [folder, files] = onDrop.mock.calls[0] ?? [];
    expect(folder).toBe('/m/docs');
    expect(paths(files)).toEqual(['a.txt', 'trip/b.jpg']);
    expect(screen.queryByText(DROP_HERE)).toBeNull();
  });

  it('takes a drop onto a folder row into that folder, highlighting the row meanwhile', async () => {
    const { onDrop } = renderDropTarget();
    const transfer = fakeDataTransfer({ entries: [fileEntry('c.txt')] });
    const album = screen.getByText('album');
    const albumRow = album.closest('li');
    fireEvent.dragEnter(album, { dataTransfer: transfer });
    fireEvent.dragOver(album, { dataTransfer: transfer });
    expect(albumRow).toHaveAttribute('data-drop-active');
    // Over a folder row, the listing's own "drop here" gives way to the row's highlight.
    expect(screen.queryByText(DROP_HERE)).toBeNull();

    fireEvent.drop(album, { dataTransfer: transfer });
    await waitFor(() => expect(onDrop).toHaveBeenCalledTimes(1));
    expect(onDrop.mock.calls[0]?.[0]).toBe('/m/docs/album');
    expect(paths(onDrop.mock.calls[0]?.[1])).toEqual(['c.txt']);
    expect(albumRow).not.toHaveAttribute('data-drop-active');
  });

  it('lets go of the highlight when the drag leaves', () => {
    renderDropTarget();
    const transfer = fakeDataTransfer({ entries: [fileEntry('a.txt')] });
    const onFile = screen.getByText('notes.txt');
    fireEvent.dragEnter(onFile, { dataTransfer: transfer });
    fireEvent.dragOver(onFile, { dataTransfer: transfer });
    expect(screen.getByText(DROP_HERE)).toBeVisible();
    fireEvent.dragLeave(onFile, { dataTransfer: transfer });
    expect(screen.queryByText(DROP_HERE)).toBeNull();
  });

  it('leaves a drag of text or a link to the browser', async () => {
    const { onDrop } = renderDropTarget();
    const transfer = fakeDataTransfer({ types: ['text/plain'] });
    const onFile = screen.getByText('notes.txt');
    fireEvent.dragEnter(onFile, { dataTransfer: transfer });
    expect(fireEvent.dragOver(onFile, { dataTransfer: transfer })).toBe(true);
    expect(fireEvent.drop(onFile, { dataTransfer: transfer })).toBe(true);
    expect(screen.queryByText(DROP_HERE)).toBeNull();
    // Fake entries answer at once: every step of a walk would have run by now.
    await flush();
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('takes no drop where the caller may not write', async () => {
    const { onDrop } = renderDropTarget(false);
    expect(screen.queryByTestId('explorer-drop-target')).toBeNull();
    const transfer = fakeDataTransfer({ entries: [fileEntry('a.txt')] });
    const onFile = screen.getByText('notes.txt');
    expect(fireEvent.dragOver(onFile, { dataTransfer: transfer })).toBe(true);
    fireEvent.drop(onFile, { dataTransfer: transfer });
    // Fake entries answer at once: every step of a walk would have run by now.
    await flush();
    expect(onDrop).not.toHaveBeenCalled();
  });
});
