import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubServer } from '../../../test/fake-server';
import { givenFile, givenFolder, givenPage, renderPart } from './explorer-test-kit';
import { PropertiesDialog } from './PropertiesDialog';

const valueOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'th' }).nextElementSibling?.textContent;

describe('PropertiesDialog', () => {
  it('shows a file’s facts with the content type and ETag storage gives', async () => {
    const file = givenFile('/team', 'report.pdf', { size: 5 * 1024 * 1024 });
    stubServer({
      'GET /api/fs/get': () =>
        ok({
          ...file,
          mimetype: 'application/pdf',
          mount_id: 'm1',
          storage_type: 'S3',
          etag: '"abc123"',
        }),
    });
    renderPart(<PropertiesDialog entry={file} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Properties of “report.pdf”' });
    expect(await within(dialog).findByText('"abc123"')).toBeInTheDocument();
    expect(valueOf(dialog, 'Path')).toBe('/team/report.pdf');
    expect(valueOf(dialog, 'Kind')).toBe('File');
    expect(valueOf(dialog, 'Size')).toBe('5 MB');
    expect(valueOf(dialog, 'Content type')).toBe('application/pdf');
    expect(valueOf(dialog, 'Storage type')).toBe('S3');
  });

  it('counts a folder’s items from its first page', async () => {
    const folder = givenFolder('/team', 'docs');
    stubServer({
      'GET /api/fs/get': () =>
        ok({ ...folder, mount_id: 'm1', storage_type: 'LOCAL', isVirtual: false }),
      'GET /api/fs/list': () =>
        ok(
          givenPage('/team/docs', [givenFile('/team/docs', 'a'), givenFile('/team/docs', 'b')], {
            next_cursor: 'more',
          }),
        ),
    });
    renderPart(<PropertiesDialog entry={folder} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('More than 2 items')).toBeInTheDocument();
    expect(valueOf(dialog, 'Kind')).toBe('Folder');
    expect(within(dialog).queryByText('Size', { selector: 'th' })).toBeNull();
  });
});
