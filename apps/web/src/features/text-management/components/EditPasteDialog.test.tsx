import type { PasteDetail } from '@pasteport/contract';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, fail, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { expectInstantAfter } from '../../../test/instants';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import {
  editorText,
  installCodeMirrorLayoutStubs,
  typeInEditor,
} from '../../../test/kits/editor-kit';
import { givenPaste, pasteRoutes } from '../../../test/kits/text-management-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

installCodeMirrorLayoutStubs();

// The admin panel is lazy-loaded; importing it once up front keeps the first test in time.
beforeAll(() => import('../../admin'));

const DAY_MS = 86_400_000;

async function openEditor(paste: PasteDetail, routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({ ...pasteRoutes('admin', [paste]), ...routes });
  const view = renderApp('/admin/text-management');
  const { user } = view;
  // Mounting the lazy admin route can take seconds on a busy machine.
  await user.click(await screen.findByRole('button', { name: `Actions for “${paste.slug}”` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  // The dialog's code loads on first use: wait for the form, then take its dialog.
  await screen.findByRole('button', { name: 'Save changes' });
  const dialog = screen.getByRole('dialog', { name: `Edit “${paste.slug}”` });
  return { ...view, fetchMock, dialog: within(dialog) };
}

const input = (dialog: BoundFunctions<typeof queries>, label: string) =>
  dialog.getByLabelText(new RegExp(`^${label}`), { selector: 'input, select, textarea' });

describe('editing a paste', () => {
  it('starts from a fresh read and keeps Save disabled until something changes', async () => {
    const paste = givenPaste({ remark: 'old', max_views: 5, views: 2 });
    const { fetchMock, dialog } = await openEditor(paste);
    expect(requestsTo(fetchMock, 'GET /api/admin/pastes/p1')).toHaveLength(1);
    expect(editorText('Content')).toBe(paste.content);
    expect(input(dialog, 'Link suffix')).toHaveValue('hello');
    expect(input(dialog, 'Remark')).toHaveValue('old');
    // The note is public (shown above the paste), and the form says so.
    expect(input(dialog, 'Remark')).toHaveAccessibleDescription(
      'A short note shown above the paste; everyone who opens it sees it.',
    );
    expect(input(dialog, 'Max views')).toHaveValue('5');
    expect(dialog.getByText('Viewed 2 times so far. 0 means unlimited.')).toBeInTheDocument();
    expect(dialog.getByText('Currently it never expires.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    // Nothing to remove from a paste without a password.
    expect(dialog.getByRole('radio', { name: 'Remove' })).toBeDisabled();
  });

  it('sends only the changed fields: a new remark and password null for "remove"', async () => {
    const paste = givenPaste({ remark: 'old', has_password: true });
    const { user, fetchMock, dialog } = await openEditor(paste);
    await user.clear(input(dialog, 'Remark'));
    await user.type(input(dialog, 'Remark'), 'new remark');
    await user.click(dialog.getByRole('radio', { name: 'Remove' }));
    expect(dialog.getByText(/anyone with the link can open/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved “hello”.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/admin/pastes/p1')).toEqual({
      remark: 'new remark',
      password: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends an ISO expiry for a quick choice and nothing else', async () => {
    const since = Date.now();
    const { user, fetchMock, dialog } = await openEditor(givenPaste());
    await user.selectOptions(input(dialog, 'Expires'), 'In 7 days');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(1));

    const body = bodyOf(fetchMock, 'PUT /api/admin/pastes/p1');
    expect(Object.keys(body)).toEqual(['expires_at']);
    expect(body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expectInstantAfter(body.expires_at, 7 * DAY_MS, since);
  });

  it('sends a custom expiry of N units, and never as null', async () => {
    const since = Date.now();
    const { user, fetchMock, dialog } = await openEditor(
      givenPaste({ expires_at: '2999-01-01T00:00:00.000Z' }),
    );
    expect(dialog.getByText(/Currently it expires on/)).toBeInTheDocument();
    await user.selectOptions(input(dialog, 'Expires'), 'After a custom time');
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.type(input(dialog, 'How many'), '3');
    await user.selectOptions(input(dialog, 'Unit'), 'Weeks');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'PUT /api/admin/pastes/p1');
    expectInstantAfter(body.expires_at, 21 * DAY_MS, since);
  });

  it('sends edited content alone', async () => {
    const { user, fetchMock, dialog } = await openEditor(givenPaste({ content: 'v1' }));
    typeInEditor('Content', ' and v2');
    await user.click(await dialog.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT /api/admin/pastes/p1')).toEqual({ content: 'v1 and v2' });
  });

  it('sets a new password', async () => {
    const { user, fetchMock, dialog } = await openEditor(givenPaste());
    await user.click(dialog.getByRole('radio', { name: 'Set new' }));
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.type(input(dialog, 'New password'), 's3cret');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT /api/admin/pastes/p1')).toEqual({ password: 's3cret' });
  });

  it('checks the slug as it is typed', async () => {
    const { user, dialog } = await openEditor(givenPaste());
    const slug = input(dialog, 'Link suffix');
    await user.clear(slug);
    await user.type(slug, 'bad slug!');
    expect(dialog.getByText('Only letters, digits, - and _ are allowed.')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.clear(slug);
    await user.type(slug, 'admin');
    expect(dialog.getByText('This word is reserved by the app. Choose another.')).toBeVisible();
    await user.clear(slug);
    await user.type(slug, 'fine_slug-2');
    expect(slug).not.toHaveAttribute('aria-invalid');
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('shows a taken slug (409) on the slug field and keeps the input', async () => {
    const { user, dialog } = await openEditor(givenPaste(), {
      'PUT /api/admin/pastes/p1': () => fail(409, 'SLUG_TAKEN'),
    });
    const slug = input(dialog, 'Link suffix');
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(
      await dialog.findByText('This link suffix is already taken, try another.'),
    ).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveValue('taken');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.type(slug, '-2');
    expect(slug).not.toHaveAttribute('aria-invalid');
  });

  it('puts server validation errors on their fields', async () => {
    const details = [{ field: 'max_views', rule: 'too_big', message: 'too big' }];
    const { user, dialog } = await openEditor(givenPaste(), {
      'PUT /api/admin/pastes/p1': () => fail(400, 'VALIDATION_FAILED', { details }),
    });
    await user.clear(input(dialog, 'Max views'));
    await user.type(input(dialog, 'Max views'), '9');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('This value is too large or too long.')).toBeInTheDocument();
    expect(input(dialog, 'Max views')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes on Escape without saving', async () => {
    const { user, fetchMock, dialog } = await openEditor(givenPaste());
    await user.type(input(dialog, 'Remark'), 'draft');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'PUT /api/admin/pastes/p1')).toHaveLength(0);
  });

  it('edits through /user/pastes for an API key', async () => {
    const fetchMock = signInWithApiKey(
      keyInfo({ text: true }),
      pasteRoutes('user', [givenPaste({ id: 'u1', slug: 'mine' })]),
    );
    const { user } = renderApp('/admin/text-management');
    await user.click(await screen.findByRole('button', { name: 'Actions for “mine”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save changes' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit “mine”' }));
    await user.type(input(dialog, 'Remark'), 'note');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/pastes/u1')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT /api/user/pastes/u1')).toEqual({ remark: 'note' });
    expect(requestsTo(fetchMock, 'GET /api/user/pastes/u1')).toHaveLength(1);
  });
});
