import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { givenFile, renderPart } from './explorer-test-kit';
import { ShareDialog } from './ShareDialog';

const FILE = givenFile('/team', 'report.pdf');

function shared(slug: string) {
  return {
    id: 'f1',
    slug,
    filename: 'report.pdf',
    size: 2048,
    mimetype: 'application/pdf',
    remark: null,
    has_password: true,
    expires_at: null,
    max_views: 3,
    views: 0,
    access_mode: 'proxy',
    s3_config_id: 'c1',
    storage_config_name: null,
    storage_path: 'report.pdf',
    etag: null,
    created_by: null,
    created_at: '2026-11-27T10:00:00Z',
    updated_at: '2026-11-27T10:00:00Z',
    url: `/file/${slug}`,
  };
}

describe('ShareDialog', () => {
  it('shares with the chosen options and shows the link and its QR code', async () => {
    const fetchMock = stubServer({ 'POST /api/fs/share': () => ok(shared('q3'), 201) });
    const { user } = renderPart(<ShareDialog entry={FILE} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Share “report.pdf”' }));
    await user.click(dialog.getByRole('button', { name: 'More options' }));
    await user.type(dialog.getByLabelText(/^Link suffix/, { selector: 'input, textarea' }), 'q3');
    await user.type(dialog.getByLabelText(/^Password/, { selector: 'input' }), 'pw 1');
    const limit = dialog.getByLabelText(/^Download limit/, { selector: 'input, textarea' });
    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(dialog.getByRole('button', { name: 'Create share' }));

    const link = await dialog.findByRole('textbox', { name: 'Share link of “report.pdf”' });
    expect(link).toHaveValue(`${window.location.origin}/file/q3`);
    expect(bodyOf(fetchMock, 'POST /api/fs/share')).toEqual({
      path: '/team/report.pdf',
      slug: 'q3',
      password: 'pw 1',
      max_views: 3,
    });
    const qr = 'QR code of the share link to “report.pdf”';
    expect(dialog.queryByLabelText(qr) ?? dialog.queryByAltText(qr)).not.toBeNull();
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('shows a taken suffix and the server’s field errors on their fields', async () => {
    let answer = () => fail(409, 'SLUG_TAKEN');
    const fetchMock = stubServer({ 'POST /api/fs/share': () => answer() });
    const { user } = renderPart(<ShareDialog entry={FILE} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'More options' }));
    await user.type(
      dialog.getByLabelText(/^Link suffix/, { selector: 'input, textarea' }),
      'taken',
    );
    await user.click(dialog.getByRole('button', { name: 'Create share' }));
    expect(
      await dialog.findByText('This link suffix is already taken, try another.'),
    ).toBeInTheDocument();

    answer = () =>
      fail(400, 'VALIDATION_FAILED', {
        details: [{ field: 'remark', rule: 'too_big', message: 'too long' }],
      });
    await user.type(dialog.getByLabelText(/^Link suffix/, { selector: 'input, textarea' }), '2');
    expect(dialog.queryByText('This link suffix is already taken, try another.')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Create share' }));
    const remark = dialog.getByLabelText(/^Note/, { selector: 'input, textarea' });
    expect(await dialog.findByText('This value is too large or too long.')).toBeInTheDocument();
    expect(remark).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/fs/share')).toHaveLength(2);
  });

  it('sends nothing while an option is invalid', async () => {
    const fetchMock = stubServer({ 'POST /api/fs/share': () => ok(shared('x'), 201) });
    const { user } = renderPart(<ShareDialog entry={FILE} onClose={() => undefined} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'More options' }));
    await user.type(dialog.getByLabelText(/^Link suffix/, { selector: 'input, textarea' }), 'a b');
    await user.click(dialog.getByRole('button', { name: 'Create share' }));
    expect(dialog.getByText('Only letters, digits, - and _ are allowed.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/fs/share')).toHaveLength(0);
  });
});
