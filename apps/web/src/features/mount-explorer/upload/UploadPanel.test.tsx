import { act, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { ok, stubServer } from '../../../test/fake-server';
import { renderPart } from '../actions/explorer-test-kit';
import {
  OPEN_UPLOADS_KEY,
  RECENT_EXPLORER_UPLOADS_KEY,
  type ExplorerUploads,
} from './explorer-uploads';
import { UploadPanel } from './UploadPanel';
import { flush, givenUploads, memoryStorage, picked } from './uploads-test-kit';

/** The panel over a live store, as the page wires it. */
function Panel({ uploads }: { uploads: ExplorerUploads }) {
  const snapshot = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
  return <UploadPanel uploads={uploads} snapshot={snapshot} />;
}

/** The panel over uploads whose `.bin` files are multipart (pausable) and the rest direct. */
async function renderPanel(paths: string[], storage = memoryStorage()) {
  stubServer({ 'GET /api/system/max-upload-size': () => ok({ max_upload_size: 100 }) });
  const given = givenUploads(storage, { pausable: (path) => path.endsWith('.bin') });
  const view = renderPart(<Panel uploads={given.uploads} />);
  if (paths.length > 0) await act(() => given.uploads.add('/m/docs', picked(...paths)));
  return { ...given, ...view };
}

const panel = () => screen.getByRole('region', { name: 'Uploads' });
const fileRow = (name: string) =>
  within(screen.getByRole('list', { name: 'Files being uploaded' })).getByRole('listitem', {
    name,
  });
const statusOf = (name: string) => within(fileRow(name)).getByTestId('explorer-upload-status');

describe('UploadPanel', () => {
  it('shows nothing while there is nothing to show', async () => {
    await renderPanel([]);
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it('pauses and resumes a large file; a small one offers no pause', async () => {
    const { jobs, user, reports } = await renderPanel(['big.bin', 'small.txt']);
    expect(statusOf('big.bin')).toHaveTextContent('Uploading');
    expect(
      within(fileRow('small.txt')).queryByRole('button', { name: 'Pause small.txt' }),
    ).toBeNull();

    await user.click(within(fileRow('big.bin')).getByRole('button', { name: 'Pause big.bin' }));
    expect(jobs[0]?.getSnapshot().status).toBe('paused');
    expect(statusOf('big.bin')).toHaveTextContent('Paused');
    expect(within(fileRow('big.bin')).queryByRole('button', { name: 'Pause big.bin' })).toBeNull();

    await user.click(within(fileRow('big.bin')).getByRole('button', { name: 'Resume big.bin' }));
    expect(jobs[0]?.resumes).toBe(1);
    expect(statusOf('big.bin')).toHaveTextContent('Uploading');
    await act(async () => {
      jobs[0]?.finish();
      await flush();
    });
    expect(statusOf('big.bin')).toHaveTextContent('Uploaded');
    expect(reports).toContainEqual(['t1', 0, { status: 'completed' }]);
  });

  it('cancels a file, says so, and retries it to the end', async () => {
    const { jobs, user, deps, reports } = await renderPanel(['a.txt']);
    await user.click(within(fileRow('a.txt')).getByRole('button', { name: 'Cancel a.txt' }));
    expect(statusOf('a.txt')).toHaveTextContent('Failed');
    expect(reports).toEqual([['t1', 0, { status: 'failed', error: 'operation cancelled' }]]);
    expect(within(fileRow('a.txt')).getByRole('alert')).toHaveTextContent(
      'Request cancelled by user.',
    );
    expect(within(fileRow('a.txt')).queryByRole('button', { name: 'Cancel a.txt' })).toBeNull();

    await user.click(within(fileRow('a.txt')).getByRole('button', { name: 'Retry a.txt' }));
    expect(deps.createTask).toHaveBeenCalledTimes(2);
    expect(jobs[0]?.starts).toBe(2);
    expect(statusOf('a.txt')).toHaveTextContent('Uploading');
    await act(async () => {
      jobs[0]?.finish();
      await flush();
    });
    expect(statusOf('a.txt')).toHaveTextContent('Uploaded');
  });

  it('clears the finished files and keeps the ones still moving', async () => {
    const { jobs, user } = await renderPanel(['done.txt', 'moving.txt']);
    expect(within(panel()).queryByRole('button', { name: 'Clear finished' })).toBeNull();
    await act(async () => {
      jobs[0]?.finish();
      await flush();
    });
    await user.click(within(panel()).getByRole('button', { name: 'Clear finished' }));
    expect(
      within(screen.getByRole('list', { name: 'Files being uploaded' })).getAllByRole('listitem'),
    ).toEqual([fileRow('moving.txt')]);
    expect(within(panel()).queryByRole('button', { name: 'Clear finished' })).toBeNull();
    // The finished file stays among the recent uploads, linked to its preview.
    const recent = within(panel()).getByRole('list', { name: 'Recent uploads' });
    expect(within(recent).getByRole('link', { name: 'done.txt' })).toHaveAttribute(
      'href',
      '/mount-explorer/m/docs?preview=done.txt',
    );
  });

  it('lists files a reload interrupted and forgets them on request', async () => {
    const storage = memoryStorage({
      [OPEN_UPLOADS_KEY]: JSON.stringify([{ taskId: 't9', seq: 2, path: '/m/big.bin', size: 9 }]),
      [RECENT_EXPLORER_UPLOADS_KEY]: '[]',
    });
    const { user, reports } = await renderPanel([], storage);
    expect(within(panel()).getByText(/1 file of an earlier upload did not finish/)).toBeVisible();
    expect(within(panel()).getByText('/m/big.bin')).toBeVisible();
    await user.click(within(panel()).getByRole('button', { name: 'Forget them' }));
    expect(reports).toEqual([['t9', 2, { status: 'failed', error: 'operation cancelled' }]]);
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});
