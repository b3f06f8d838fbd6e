import type { FsItem } from '@pasteport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, requestsTo, stubServer, type FakeRequest } from '../../../test/fake-server';
import { seedAdminSession } from '../../../test/sessions';
import { Lightbox } from './Lightbox';
import { renderPart } from '../actions/explorer-test-kit';

const image = (name: string): FsItem => ({
  name,
  path: `/m/pics/${name}`,
  isDirectory: false,
  size: 4096,
  modified: '2026-11-01T10:00:00Z',
  mimetype: 'image/jpeg',
});
const IMAGES = [image('a.jpg'), image('b.jpg'), image('c.jpg')];

/** The file-link route: a preview or download link naming the path, as local disk answers. */
function fileLink({ url }: FakeRequest) {
  const path = url.searchParams.get('path') ?? '';
  const download = url.searchParams.get('force_download') === 'true';
  return ok({
    presignedUrl: `https://files.example.com${path}?${download ? 'dl' : 'view'}`,
    name: path.split('/').at(-1),
    expiresIn: 900,
    expiresAt: '2999-01-01T00:00:00.000Z',
    forceDownload: download,
  });
}

/** A gallery stand-in holding the index the lightbox asks for. */
function renderLightbox(start: number | null, routes = { 'GET /api/fs/file-link': fileLink }) {
  seedAdminSession();
  const fetchMock = stubServer(routes);
  const onIndexChange = vi.fn();
  const onClose = vi.fn();
  function Gallery() {
    const [index, setIndex] = useState<number | null>(start);
    return (
      <Lightbox
        images={IMAGES}
        index={index}
        onIndexChange={(next) => {
          onIndexChange(next);
          setIndex(next);
        }}
        onClose={() => {
          onClose();
          setIndex(null);
        }}
      />
    );
  }
  renderPart(<Gallery />);
  return { fetchMock, onIndexChange, onClose, user: userEvent.setup() };
}

describe('Lightbox', () => {
  it('stays closed without an index', () => {
    renderLightbox(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the picture through its link, with its name and position', async () => {
    renderLightbox(1);
    const dialog = await screen.findByRole('dialog', { name: /b\.jpg/ });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    const img = await within(dialog).findByAltText('b.jpg');
    expect(img).toHaveAttribute('src', 'https://files.example.com/m/pics/b.jpg?view');
  });

  it('shows a loader until the picture has loaded, and a message when it cannot', async () => {
    renderLightbox(0);
    const dialog = await screen.findByRole('dialog');
    const img = await within(dialog).findByAltText('a.jpg');
    expect(within(dialog).getByLabelText('Loading the image')).toBeInTheDocument();
    fireEvent.load(img);
    expect(within(dialog).queryByLabelText('Loading the image')).toBeNull();
    fireEvent.error(img);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/This image cannot be shown/);
  });

  it('says why when no link could be had', async () => {
    renderLightbox(0, { 'GET /api/fs/file-link': () => fail(404, 'NOT_FOUND') });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).queryByAltText('a.jpg')).toBeNull();
  });

  it('pages with the buttons, disabled at either end', async () => {
    const { user, onIndexChange } = renderLightbox(0);
    const dialog = await screen.findByRole('dialog');
    const previous = within(dialog).getByRole('button', { name: 'Previous image' });
    const next = within(dialog).getByRole('button', { name: 'Next image' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    await user.click(next);
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    expect(await within(dialog).findByAltText('b.jpg')).toHaveAttribute(
      'src',
      'https://files.example.com/m/pics/b.jpg?view',
    );
  });

  it('pages with ← and →, and goes no further than the ends', async () => {
    const { user, onIndexChange } = renderLightbox(1);
    await screen.findByRole('dialog');
    await user.keyboard('{ArrowRight}');
    expect(onIndexChange).toHaveBeenLastCalledWith(2);
    await user.keyboard('{ArrowRight}');
    expect(onIndexChange).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(onIndexChange.mock.calls).toEqual([[2], [1], [0]]);
  });

  it('closes on Esc', async () => {
    const { user, onClose } = renderLightbox(0);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("fetches the neighbours' links ahead", async () => {
    const { fetchMock } = renderLightbox(1);
    await screen.findByRole('dialog');
    await waitFor(() => {
      const asked = requestsTo(fetchMock, 'GET /api/fs/file-link').map(([input]) =>
        new URL(
          input instanceof Request ? input.url : input.toString(),
          'http://localhost',
        ).searchParams.get('path'),
      );
      expect(asked.sort()).toEqual(['/m/pics/a.jpg', '/m/pics/b.jpg', '/m/pics/c.jpg']);
    });
  });

  it('downloads the shown picture through a download link', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderLightbox(2);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Download “c.jpg”' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://files.example.com/m/pics/c.jpg?dl'),
    );
  });
});
