import type { PasteDetail } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { expectDocumentText, givenPaste } from '../../../test/kits/paste-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderPasteApp = createAppRenderer(appRoutes);

// The editor has its own tests; here a plain textarea with its contract stands in for it
// (jsdom cannot lay out CodeMirror).
vi.mock('../../editor', () => ({
  MarkdownEditor: ({
    value,
    onChange,
    label,
  }: {
    value: string;
    onChange: (value: string) => void;
    label: string;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const GET = 'GET /api/paste/notes';

function detailFrom(changes: Record<string, unknown>): PasteDetail {
  const paste = givenPaste();
  return {
    id: 'p1',
    slug: paste.slug,
    remark: paste.remark,
    content: paste.content,
    size_bytes: 10,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 1,
    created_by: null,
    created_at: paste.created_at,
    updated_at: new Date().toISOString(),
    ...changes,
  };
}

async function openDocument() {
  const view = renderPasteApp('/paste/notes');
  await screen.findByTestId('paste-document');
  return view;
}

describe('paste view: who may edit and delete', () => {
  it.each([
    [
      'a visitor, even if the answer carried an id',
      () => stubServer({ [GET]: () => ok(givenPaste({ manage_id: 'p1' })) }),
    ],
    [
      'the admin, when the server gave no id',
      () => signInAsAdmin({ [GET]: () => ok(givenPaste()) }),
    ],
    [
      'a key without the text permission',
      () =>
        signInWithApiKey(keyInfo({ file: true }), {
          [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
        }),
    ],
  ])('offers nothing to %s', async (_who, start) => {
    start();
    await openDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers edit and delete to the admin with a manage id', async () => {
    signInAsAdmin({ [GET]: () => ok(givenPaste({ manage_id: 'p1' })) });
    await openDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});

describe('paste view: editing', () => {
  it('sends only the changes and shows the saved content without reading again', async () => {
    const fetchMock = signInAsAdmin({
      [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
      'PUT /api/admin/pastes/p1': ({ body }) => ok(detailFrom(body as Record<string, unknown>)),
    });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // The editor loads on first open: a stand-in of the same title shows until it is there.
    const content = await screen.findByLabelText('Content');
    const dialog = screen.getByRole('dialog', { name: 'Edit notes' });
    expect(content).toHaveValue('Hello world');
    await user.clear(content);
    await user.type(content, 'Fresh text');
    await user.type(within(dialog).getByLabelText(/Remark/), 'draft 2');
    expect(within(dialog).getByRole('link', { name: /More settings/ })).toHaveAttribute(
      'href',
      '/admin/text-management',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PUT /api/admin/pastes/p1')).toEqual({
      content: 'Fresh text',
      remark: 'draft 2',
    });
    await expectDocumentText('Fresh text');
    expect(screen.getByTestId('paste-remark')).toHaveTextContent('draft 2');
    expect(screen.getByTestId('paste-edited')).toBeInTheDocument();
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, GET)).toHaveLength(1);
  });

  it('uses the key scope for a key that created the paste', async () => {
    const fetchMock = signInWithApiKey(keyInfo({ text: true }), {
      [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
      'PUT /api/user/pastes/p1': ({ body }) => ok(detailFrom(body as Record<string, unknown>)),
    });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await user.type(within(dialog).getByLabelText('Content'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/pastes/p1')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT /api/user/pastes/p1')).toEqual({
      content: 'Hello world!',
    });
  });

  it('keeps the dialog and the typed text when saving fails', async () => {
    signInAsAdmin({
      [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
      'PUT /api/admin/pastes/p1': () => fail(413, 'PAYLOAD_TOO_LARGE'),
    });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await user.type(within(dialog).getByLabelText('Content'), ' more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The file or content is larger than allowed.',
    );
    expect(within(dialog).getByLabelText('Content')).toHaveValue('Hello world more');
    await expectDocumentText('Hello world');
  });

  it('refuses to save empty content', async () => {
    const fetchMock = signInAsAdmin({ [GET]: () => ok(givenPaste({ manage_id: 'p1' })) });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notes' });
    await user.clear(within(dialog).getByLabelText('Content'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Write something before saving.',
    );
    expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(0);
  });
});

describe('paste view: deleting', () => {
  it('confirms naming the slug, deletes, says so and goes Home', async () => {
    const fetchMock = signInAsAdmin({
      [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
      'DELETE /api/admin/pastes/p1': () => ok(null),
    });
    const { user, router } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete paste' });
    expect(dialog).toHaveTextContent('Delete the paste "notes"?');
    expect(requestsTo(fetchMock, 'DELETE /api/admin/pastes/p1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete paste' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchMock, 'DELETE /api/admin/pastes/p1')).toHaveLength(1);
    expect(await screen.findByText('Paste "notes" deleted.')).toBeInTheDocument();
  });

  it('stays on the page and says why when deleting fails', async () => {
    signInAsAdmin({
      [GET]: () => ok(givenPaste({ manage_id: 'p1' })),
      'DELETE /api/admin/pastes/p1': () => fail(500, 'INTERNAL'),
    });
    const { user, router } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete paste' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete paste' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something went wrong on the server.',
    );
    expect(router.state.location.pathname).toBe('/paste/notes');
  });
});

describe('paste view: copying and sharing', () => {
  it('copies the text and the link to the clipboard', async () => {
    stubServer({ [GET]: () => ok(givenPaste({ content: 'copy me' })) });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe('copy me');
    expect(await screen.findByText('Text copied to the clipboard.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/paste/notes`);
    expect(await screen.findByText('Link copied to the clipboard.')).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    stubServer({ [GET]: () => ok(givenPaste()) });
    const { user } = await openDocument();
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('no'));
    onTestFinished(() => refuse.mockRestore());
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await screen.findByText(/Could not copy/)).toBeInTheDocument();
  });

  it('shows the link as a QR code', async () => {
    stubServer({ [GET]: () => ok(givenPaste()) });
    const { user } = await openDocument();
    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open on another device' });
    expect(dialog).toHaveTextContent(`${window.location.origin}/paste/notes`);
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the paste link' }),
    ).toBeInTheDocument();
  });

  it('links the raw text without a password and without the view warning when unlimited', async () => {
    stubServer({ [GET]: () => ok(givenPaste()) });
    await openDocument();
    const raw = screen.getByRole('link', { name: 'Raw' });
    expect(raw).toHaveAttribute('href', `${window.location.origin}/api/raw/notes`);
    expect(raw).toHaveAttribute('target', '_blank');
    expect(raw).not.toHaveAccessibleDescription(/counts as a view/);
  });
});
