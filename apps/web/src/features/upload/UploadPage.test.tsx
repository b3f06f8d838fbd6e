import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer } from '../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../test/sessions';
import { adminServer, CONFIGS, MB, openUpload } from '../../test/kits/upload-page-kit';
import { type SavedUpload, savedUploadKey, uploadFingerprint } from '../../lib/transfer';
import { RECENT_UPLOADS_KEY } from './recent-uploads';
import {
  envelope,
  FakeXhr,
  givenFile,
  uploadedFileDetail,
  installFakeXhr,
} from '../../test/kits/upload-kit';
import { appRoutes } from '../../app/router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

// Loads the lazily imported page once, outside any single test's time.
beforeAll(() => import('./index'));

/** A form field's text, or undefined when absent or a file. */
const textOf = (value: FormDataEntryValue | null) =>
  typeof value === 'string' ? value : undefined;

/** Answers every direct upload with a file named after the form's file part. */
function answerDirectUploads() {
  let count = 0;
  installFakeXhr((xhr) => {
    if (xhr.url !== '/api/upload') return;
    const form = xhr.body as FormData;
    const file = form.get('file') as File;
    count += 1;
    xhr.progress(file.size / 2, file.size);
    xhr.respond(
      201,
      envelope(
        uploadedFileDetail({
          slug: textOf(form.get('slug')) ?? `rand${count}`,
          filename: file.name,
          size: file.size,
        }),
      ),
    );
  });
}

/** Leaves saved multipart progress, as an upload interrupted by a reload does. */
function saveProgress(file: File, scope: string, stored: number[]) {
  const entry: SavedUpload = {
    fileId: `f-${file.name}`,
    uploadId: `u-${file.name}`,
    uploadSecret: `s-${file.name}`,
    partSize: 5 * MB,
    partCount: 4,
    parts: stored.map((partNumber) => ({ partNumber, etag: `e${partNumber}`, size: 5 * MB })),
    savedAt: Date.now() - 60_000,
  };
  localStorage.setItem(savedUploadKey(uploadFingerprint(file, scope)), JSON.stringify(entry));
}

/** An input by the start of its label (the Collapse hides them from role queries in jsdom). */
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const fileInput = () => screen.getByTestId<HTMLInputElement>('file-input');
const row = (name: string) => screen.getByRole('listitem', { name });

describe('Upload page, File tab', () => {
  it('uploads several picked and dropped files as they arrive, one by one', async () => {
    adminServer();
    answerDirectUploads();
    const { user } = await openUpload(renderApp);

    await user.upload(fileInput(), [givenFile('a.txt', 10), givenFile('b.txt', 20)]);
    const zone = screen.getByRole('button', { name: /^Drop files here/ });
    fireEvent.drop(zone, { dataTransfer: { files: [givenFile('c.txt', 30)], types: ['Files'] } });

    // Uploading starts as files arrive (UX.md), one file at a time.
    expect(screen.getByRole('heading', { name: 'Files (3)' })).toBeInTheDocument();

    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      await waitFor(() =>
        expect(within(row(name)).getByTestId('job-status')).toHaveTextContent('Uploaded'),
      );
    }
    const urls = FakeXhr.instances.map((xhr) => `${xhr.method} ${xhr.url}`);
    expect(urls).toEqual(['POST /api/upload', 'POST /api/upload', 'POST /api/upload']);
    expect(FakeXhr.instances[0]?.requestHeaders.authorization).toBe('Bearer admin-token-1');
  });

  it('adds files pasted or dropped anywhere on the page, switching to the File tab', async () => {
    adminServer();
    answerDirectUploads();
    const { user } = await openUpload(renderApp);
    await user.click(screen.getByRole('tab', { name: 'From a URL' }));

    const event = new Event('paste', { bubbles: true, cancelable: true });
    const pasted = givenFile('image.png', 42);
    Object.defineProperty(event, 'clipboardData', { value: { files: [pasted], items: [] } });
    act(() => {
      window.dispatchEvent(event);
    });

    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
    expect(row('image.png')).toBeInTheDocument();

    // A drop beside the zone is taken too, instead of the browser leaving the page.
    const missed = givenFile('missed.pdf', 7);
    const dropped = fireEvent.drop(screen.getByRole('heading', { name: 'Upload files' }), {
      dataTransfer: { files: [missed], types: ['Files'] },
    });
    expect(dropped).toBe(false);
    expect(row('missed.pdf')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Files (2)' })).toBeInTheDocument();
  });

  it('sends only the options that are set, expiry as expires_in hours', async () => {
    adminServer();
    answerDirectUploads();
    const { user } = await openUpload(renderApp);

    await user.upload(fileInput(), givenFile('plain.txt', 5));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.instances[0]?.formFields()).toEqual({
      s3_config_id: 'cfg-local',
      mimetype: 'application/octet-stream',
    });
    const form = FakeXhr.instances[0]?.body as FormData;
    expect([...form.keys()].at(-1)).toBe('file');

    await user.selectOptions(screen.getByLabelText('Storage'), 'cfg-s3');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(screen.getByLabelText('How long'), '2');
    await user.selectOptions(screen.getByLabelText('Unit'), 'weeks');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field(/^Link suffix/), 'my-notes');
    await user.type(field(/^Password/), 'hunter2');
    await user.clear(field(/^Download limit/));
    await user.type(field(/^Download limit/), '3');
    await user.type(field(/^Note/), 'for Ann');
    await user.type(field(/^Folder/), 'reports/2026');
    await user.upload(fileInput(), givenFile('notes.md', 5));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(FakeXhr.instances[1]?.formFields()).toEqual({
      s3_config_id: 'cfg-s3',
      slug: 'my-notes',
      remark: 'for Ann',
      password: 'hunter2',
      expires_in: String(14 * 24),
      max_views: '3',
      path: 'reports/2026',
      mimetype: 'text/markdown',
    });
  });

  it('refuses files above the limit before sending anything', async () => {
    adminServer();
    answerDirectUploads();
    const { user } = await openUpload(renderApp);
    await user.upload(fileInput(), givenFile('huge.iso', 11 * MB));

    const huge = row('huge.iso');
    expect(within(huge).getByTestId('job-status')).toHaveTextContent('Too large');
    expect(within(huge).getByRole('alert')).toHaveTextContent(
      'This file is larger than the 10 MB limit.',
    );
    expect(screen.getByRole('button', { name: 'Upload all (0)' })).toBeDisabled();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('shows the numbers of an insufficient-storage answer', async () => {
    adminServer();
    installFakeXhr((xhr) =>
      xhr.respond(507, {
        code: 507,
        message: 'insufficient storage',
        success: false,
        error: 'INSUFFICIENT_STORAGE',
        data: { file_size: 3 * MB, remaining: MB, total_capacity: 10 * MB },
      }),
    );
    const { user } = await openUpload(renderApp);
    await user.upload(fileInput(), givenFile('big.bin', 3 * MB));

    const alert = await within(row('big.bin')).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not enough storage space: the file is 3 MB, but only 1 MB of 10 MB is left.',
    );
    expect(within(row('big.bin')).getByTestId('job-status')).toHaveTextContent('Failed');
  });

  it('says a link suffix is taken on the row and the field, and retries with the new one', async () => {
    adminServer();
    installFakeXhr((xhr) => {
      const form = xhr.body as FormData;
      if (form.get('slug') === 'taken') {
        xhr.respond(409, {
          code: 409,
          message: 'slug taken',
          success: false,
          error: 'SLUG_TAKEN',
          data: null,
        });
      } else xhr.respond(201, envelope(uploadedFileDetail({ slug: textOf(form.get('slug')) })));
    });
    const { user } = await openUpload(renderApp);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const slug = field(/^Link suffix/);
    await user.type(slug, 'taken');
    await user.upload(fileInput(), givenFile('a.txt', 5));

    const message = 'This link suffix is already taken, try another.';
    expect(await within(row('a.txt')).findByRole('alert')).toHaveTextContent(message);
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(expect.stringContaining(message));

    await user.clear(slug);
    await user.type(slug, 'free');
    await user.click(screen.getByRole('button', { name: 'Retry a.txt' }));
    await waitFor(() =>
      expect(within(row('a.txt')).getByTestId('job-status')).toHaveTextContent('Uploaded'),
    );
    expect((FakeXhr.instances[1]?.body as FormData).get('slug')).toBe('free');
    // The suffix now names this file: the field is emptied for the next one.
    expect(slug).toHaveValue('');
  });

  it('shows the link, copy and QR after success and keeps the last 3 in recent uploads', async () => {
    adminServer();
    answerDirectUploads();
    const { user } = await openUpload(renderApp);
    expect(screen.getByText('Files you upload from this browser appear here.')).toBeInTheDocument();

    await user.upload(
      fileInput(),
      ['1.txt', '2.txt', '3.txt', '4.txt'].map((n) => givenFile(n, 5)),
    );
    await waitFor(() =>
      expect(within(row('4.txt')).getByTestId('job-status')).toHaveTextContent('Uploaded'),
    );

    const done = within(row('1.txt'));
    const link = `${window.location.origin}/file/rand1`;
    expect(done.getByRole('textbox', { name: 'Share link of 1.txt' })).toHaveValue(link);
    await user.click(done.getByRole('button', { name: 'Copy the link of 1.txt' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(done.getByRole('button', { name: 'Show the QR code of 1.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code of 1.txt' });
    expect(await within(dialog).findByAltText('QR code of the link to 1.txt')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const recent = within(screen.getByRole('region', { name: 'Recent uploads' }));
    // The queue beside shows these files with their links: recent uploads do not repeat them.
    expect(recent.queryAllByRole('listitem')).toHaveLength(0);
    expect(
      recent.getByText('Files still in the upload list are not repeated here.'),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(RECENT_UPLOADS_KEY) ?? '[]')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    await waitFor(() =>
      expect(recent.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        expect.stringContaining('4.txt'),
        expect.stringContaining('3.txt'),
        expect.stringContaining('2.txt'),
      ]),
    );
    expect(recent.queryByText('Files still in the upload list are not repeated here.')).toBeNull();
    // Each is named by a link to its page; the link is copied whole, never shown cut.
    const link4 = `${window.location.origin}/file/rand4`;
    expect(recent.getByRole('link', { name: '4.txt' })).toHaveAttribute('href', link4);
    expect(recent.queryByRole('textbox')).toBeNull();
    await user.click(recent.getByRole('button', { name: 'Copy the link of 4.txt' }));
    expect(await navigator.clipboard.readText()).toBe(link4);
    await user.click(recent.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Files you upload from this browser appear here.')).toBeInTheDocument();
    expect(localStorage.getItem(RECENT_UPLOADS_KEY)).toBeNull();
  });

  it('sends large files in parts with the multipart routes', async () => {
    const detail = uploadedFileDetail({ slug: 'big1', filename: 'video.mp4', size: 6 * MB });
    const fetchMock = adminServer({
      'POST /api/upload/multipart/init': () =>
        ok({
          file_id: 'f1',
          upload_id: 'u1',
          slug: 'big1',
          storage_path: 'uploads/big1',
          part_size: 5 * MB,
          part_count: 2,
          presigned_urls: [
            { partNumber: 1, url: 'https://bucket.example/part1' },
            { partNumber: 2, url: 'https://bucket.example/part2' },
          ],
          upload_headers: { 'x-amz-meta-test': '1' },
          expires_at: '2030-01-01T00:00:00Z',
          upload_secret: 'secret-1',
        }),
      'POST /api/upload/multipart/complete': () => ok(detail),
    });
    installFakeXhr((xhr) => {
      const part = xhr.url.endsWith('part1') ? 1 : 2;
      xhr.respond(200, '', { etag: `"e${part}"` });
    });
    const { user } = await openUpload(renderApp);
    await user.upload(fileInput(), givenFile('video.mp4', 6 * MB));

    await waitFor(() =>
      expect(within(row('video.mp4')).getByTestId('job-status')).toHaveTextContent('Uploaded'),
    );
    expect(FakeXhr.instances.map((xhr) => `${xhr.method} ${xhr.url}`).sort()).toEqual([
      'PUT https://bucket.example/part1',
      'PUT https://bucket.example/part2',
    ]);
    expect(FakeXhr.instances[0]?.requestHeaders['x-amz-meta-test']).toBe('1');
    expect(bodyOf(fetchMock, 'POST /api/upload/multipart/init')).toEqual({
      s3_config_id: 'cfg-local',
      filename: 'video.mp4',
      mimetype: 'application/octet-stream',
      size: 6 * MB,
    });
    expect(bodyOf(fetchMock, 'POST /api/upload/multipart/complete')).toEqual({
      file_id: 'f1',
      upload_id: 'u1',
      parts: [
        { partNumber: 1, etag: '"e1"' },
        { partNumber: 2, etag: '"e2"' },
      ],
    });
    // The complete presents the secret the init answered.
    const complete = requestsTo(fetchMock, 'POST /api/upload/multipart/complete')[0];
    expect(new Headers(complete?.[1]?.headers).get('x-upload-secret')).toBe('secret-1');
    expect(
      within(row('video.mp4')).getByRole('textbox', { name: 'Share link of video.mp4' }),
    ).toHaveValue(`${window.location.origin}/file/big1`);
  });

  it('lists unfinished uploads, resumes the same file from its saved percent, and discards', async () => {
    const movie = givenFile('movie.bin', 8 * MB);
    const other = givenFile('backup.tar', 10 * MB);
    saveProgress(movie, 'cfg-local', [1]);
    saveProgress(other, 'cfg-local', [1]);
    const fetchMock = adminServer({
      'POST /api/upload/multipart/abort': () => ok({ aborted: true }),
      // The picked file starts resuming at once; the server's part list never arrives here.
      'GET /api/upload/multipart/parts': () => new Promise<Response>(() => undefined),
    });
    installFakeXhr();
    const { user } = await openUpload(renderApp);

    const notice = screen.getByTestId('unfinished-uploads');
    expect(notice).toHaveTextContent('2 unfinished uploads');
    expect(notice).toHaveTextContent('movie.bin (8 MB), 62 % sent');
    expect(notice).toHaveTextContent('backup.tar (10 MB), 50 % sent');

    await user.upload(fileInput(), givenFile('movie.bin', 8 * MB));
    expect(within(row('movie.bin')).getByTestId('resume-note')).toHaveTextContent(
      'Resumes from 62 %',
    );
    // The picked file is no longer "unfinished elsewhere".
    expect(screen.getByTestId('unfinished-uploads')).toHaveTextContent('1 unfinished upload');

    await user.click(
      within(screen.getByTestId('unfinished-uploads')).getByRole('button', { name: 'Discard' }),
    );
    expect(screen.queryByTestId('unfinished-uploads')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/upload/multipart/abort')).toHaveLength(1),
    );
    expect(bodyOf(fetchMock, 'POST /api/upload/multipart/abort')).toEqual({
      file_id: 'f-backup.tar',
      upload_id: 'u-backup.tar',
    });
    // Resuming and discarding present each upload's secret, saved with its progress.
    const secretOf = (key: string) =>
      new Headers(requestsTo(fetchMock, key)[0]?.[1]?.headers).get('x-upload-secret');
    expect(secretOf('POST /api/upload/multipart/abort')).toBe('s-backup.tar');
    expect(secretOf('GET /api/upload/multipart/parts')).toBe('s-movie.bin');
    expect(localStorage.getItem(savedUploadKey(uploadFingerprint(other, 'cfg-local')))).toBeNull();
  });
});

describe('Upload page, access and limits', () => {
  it('falls back to 100 MB when the limit cannot be read (SPEC §8)', async () => {
    signInAsAdmin({
      'GET /api/upload/storage-configs': () => ok([CONFIGS[0]]),
      'GET /api/system/max-upload-size': () => fail(500, 'INTERNAL'),
    });
    renderApp('/upload');
    expect(await screen.findByText('Files can be up to 100 MB each.')).toBeInTheDocument();
    // One storage config: nothing to choose.
    expect(screen.queryByLabelText('Storage')).not.toBeInTheDocument();
  });

  it('tells visitors to sign in when guest uploads are off', async () => {
    const fetchMock = stubServer({
      'GET /api/system/guest-access': () =>
        ok({ allow_guest_pastes: true, allow_guest_uploads: false }),
      'GET /api/system/max-upload-size': () => ok({ max_upload_size: 10 }),
      'GET /api/upload/storage-configs': () => fail(401, 'UNAUTHORIZED'),
    });
    renderApp('/upload');
    expect(await screen.findByTestId('access-notice')).toHaveTextContent(
      'only accepts uploads from signed-in users',
    );
    expect(screen.getByRole('button', { name: /^Drop files here/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeDisabled();
    // Nobody may list storage for them: asking would only earn a 401 in the console.
    expect(requestsTo(fetchMock, 'GET /api/upload/storage-configs')).toHaveLength(0);
  });

  it.each([
    ['en', 'This key has no file permission', 'Your API key does not have the file permission.'],
    ['zh-CN', '此密钥没有文件权限', '你的 API 密钥没有文件权限。'],
  ] as const)(
    'tells a key without the file permission why it cannot upload (%s)',
    async (language, title, body) => {
      const fetchMock = signInWithApiKey(keyInfo({ text: true }), {
        'GET /api/system/max-upload-size': () => ok({ max_upload_size: 10 }),
        'GET /api/upload/storage-configs': () => fail(403, 'PERMISSION_DENIED'),
      });
      renderApp('/upload', { language });
      const notice = await screen.findByTestId('access-notice');
      expect(notice).toHaveTextContent(title);
      expect(notice).toHaveTextContent(body);
      // The guests' title, "sign in to upload", is not what a signed-in key needs to hear.
      const signInTitle = language === 'en' ? 'Sign in to upload' : '登录后上传';
      expect(within(notice).queryByText(signInTitle)).not.toBeInTheDocument();
      expect(requestsTo(fetchMock, 'GET /api/upload/storage-configs')).toHaveLength(0);
    },
  );
});
