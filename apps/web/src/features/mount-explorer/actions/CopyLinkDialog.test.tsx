import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { CopyLinkDialog } from './CopyLinkDialog';
import { givenFile, renderPart } from './explorer-test-kit';

const FILE = givenFile('/team', 'report.pdf');

function queryOf(call: [RequestInfo | URL, RequestInit?] | undefined): URLSearchParams {
  const input = call?.[0];
  const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
  return new URL(href ?? '', 'http://localhost').searchParams;
}

describe('CopyLinkDialog', () => {
  it('asks for a link of the chosen lifetime and shows it with its expiry', async () => {
    const fetchMock = stubServer({
      'GET /api/fs/file-link': ({ url }) =>
        ok({
          presignedUrl: 'https://s3.example/report.pdf?sig=1',
          name: 'report.pdf',
          expiresIn: Number(url.searchParams.get('expires_in')),
          expiresAt: '2026-12-04T10:00:00Z',
          forceDownload: url.searchParams.get('force_download') === 'true',
        }),
    });
    const { user } = renderPart(<CopyLinkDialog entry={FILE} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Link to “report.pdf”' }));
    await user.click(dialog.getByRole('radio', { name: '7 days' }));
    await user.click(dialog.getByRole('checkbox', { name: /download the file/ }));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));

    const field = await dialog.findByRole('textbox', { name: 'Link to “report.pdf”' });
    expect(field).toHaveValue('https://s3.example/report.pdf?sig=1');
    expect(field).toHaveAttribute('readonly');
    expect(dialog.getByText(/Anyone with this link can read the file until/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const query = queryOf(requestsTo(fetchMock, 'GET /api/fs/file-link')[0]);
    expect(query.get('path')).toBe('/team/report.pdf');
    expect(query.get('expires_in')).toBe('604800');
    expect(query.get('force_download')).toBe('true');
  });

  it('uses one day unless told otherwise, and says why a link could not be made', async () => {
    const fetchMock = stubServer({ 'GET /api/fs/file-link': () => fail(404, 'NOT_FOUND') });
    const { user } = renderPart(<CopyLinkDialog entry={FILE} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText('Not found. It may have been deleted.')).toBeInTheDocument();
    const query = queryOf(requestsTo(fetchMock, 'GET /api/fs/file-link')[0]);
    expect(query.get('expires_in')).toBe('86400');
    expect(query.get('force_download')).toBe('false');
  });
});
