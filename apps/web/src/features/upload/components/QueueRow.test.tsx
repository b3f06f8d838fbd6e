import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { MultipartJob, type UploaderLike, type UploadSnapshot } from '../../../lib/transfer';
import { givenFile, uploadedFileDetail } from '../../../test/kits/upload-kit';
import type { QueueItem } from '../upload-queue';
import { QueueRow } from './QueueRow';

const MB = 1024 * 1024;

/** A MultipartUploader stand-in: the row renders whatever snapshot the test sets. */
function fakeUploader(initial: Partial<UploadSnapshot>) {
  let snapshot: UploadSnapshot = {
    state: 'uploading',
    loaded: 0,
    total: 10 * MB,
    percent: 0,
    speed: 0,
    eta: null,
    parts: { total: 2, completed: 0, uploading: 2, failed: 0 },
    via: 'direct',
    offline: false,
    pausing: false,
    error: null,
    fileId: 'f1',
    result: undefined,
    ...initial,
  };
  const listeners = new Set<() => void>();
  const uploader = {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: vi.fn(() => Promise.resolve()),
    pause: vi.fn(),
    resume: vi.fn(() => Promise.resolve()),
    retry: vi.fn(() => Promise.resolve()),
    abort: vi.fn(() => Promise.resolve()),
    reset: vi.fn(() => Promise.resolve()),
    dispose: vi.fn(),
  } satisfies UploaderLike;
  const set = (patch: Partial<UploadSnapshot>) =>
    act(() => {
      snapshot = { ...snapshot, ...patch };
      for (const listener of listeners) listener();
    });
  return { uploader, set };
}

function renderRow(uploader: UploaderLike, onRemove = vi.fn()) {
  const i18n = createI18n('en');
  const item: QueueItem = {
    id: 'upload-1',
    file: givenFile('movie.mp4', 10 * MB),
    tooLarge: false,
    job: new MultipartJob(uploader),
  };
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <ul>
          <QueueRow
            item={item}
            failureContext={{ t: i18n.t, language: 'en', limitBytes: 100 * MB }}
            resumePercent={undefined}
            onRemove={onRemove}
          />
        </ul>
      </MantineProvider>
    </I18nextProvider>,
  );
  return {
    row: within(screen.getByRole('listitem', { name: 'movie.mp4' })),
    user: userEvent.setup(),
  };
}

describe('QueueRow with a multipart upload', () => {
  it('says "Pausing…" while the parts in flight finish, then "Paused"', () => {
    const { uploader, set } = fakeUploader({ state: 'paused', pausing: true, percent: 28 });
    const { row } = renderRow(uploader);
    expect(row.getByTestId('job-status')).toHaveTextContent(
      'Pausing… finishing the parts in flight',
    );
    set({ pausing: false, percent: 40 });
    expect(row.getByTestId('job-status')).toHaveTextContent(/^Paused$/);
  });

  it('renders percent, bytes, speed and time left from the uploader snapshot', () => {
    const { uploader, set } = fakeUploader({
      loaded: 3 * MB,
      percent: 30,
      speed: MB,
      eta: 7,
    });
    const { row } = renderRow(uploader);
    expect(row.getByTestId('job-status')).toHaveTextContent('Uploading 30 %');
    expect(row.getByRole('progressbar', { name: 'Upload progress of movie.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(row.getByTestId('transfer-stats')).toHaveTextContent(
      '30 % · 3 MB of 10 MB · 1 MB/s · 7 seconds left',
    );

    set({ loaded: 9 * MB, percent: 90, speed: 2 * MB, eta: 1, via: 'relay' });
    expect(row.getByTestId('transfer-stats')).toHaveTextContent(
      '90 % · 9 MB of 10 MB · 2 MB/s · 1 second left',
    );
    expect(row.getByText(/the parts go through the server/)).toBeInTheDocument();
  });

  it('offers the actions of each state and calls the uploader', async () => {
    const { uploader, set } = fakeUploader({ loaded: MB, percent: 10 });
    const { row, user } = renderRow(uploader);
    expect(row.queryByRole('button', { name: 'Resume movie.mp4' })).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Pause movie.mp4' }));
    expect(uploader.pause).toHaveBeenCalledTimes(1);

    set({ state: 'paused', speed: 0 });
    expect(row.getByTestId('job-status')).toHaveTextContent('Paused');
    await user.click(row.getByRole('button', { name: 'Resume movie.mp4' }));
    expect(uploader.resume).toHaveBeenCalledTimes(1);
    await user.click(row.getByRole('button', { name: 'Start movie.mp4 over' }));
    expect(uploader.reset).toHaveBeenCalledTimes(1);
    await user.click(row.getByRole('button', { name: 'Cancel upload of movie.mp4' }));
    expect(uploader.abort).toHaveBeenCalledTimes(1);

    set({
      state: 'failed',
      error: { code: 'parts_failed', message: '', cause: { code: 'network' } },
    });
    expect(row.getByTestId('job-status')).toHaveTextContent('Failed');
    expect(row.getByRole('alert')).toHaveTextContent(
      'Some parts failed to upload: Network error, check your connection. Retry to send the missing parts.',
    );
    await user.click(row.getByRole('button', { name: 'Retry movie.mp4' }));
    expect(uploader.retry).toHaveBeenCalledTimes(1);
  });

  it('shows waiting for the connection while offline, and the link once completed', () => {
    const { uploader, set } = fakeUploader({ offline: true, percent: 40, loaded: 4 * MB });
    const { row } = renderRow(uploader);
    expect(row.getByText(/You are offline/)).toBeInTheDocument();

    set({
      state: 'completed',
      offline: false,
      percent: 100,
      result: uploadedFileDetail({ slug: 'mv1', filename: 'movie.mp4' }),
    });
    expect(row.getByTestId('job-status')).toHaveTextContent('Uploaded');
    expect(row.getByRole('textbox', { name: 'Share link of movie.mp4' })).toHaveValue(
      `${window.location.origin}/file/mv1`,
    );
    expect(row.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
