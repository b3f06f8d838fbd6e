import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { signInAsAdmin } from '../../../test/sessions';
import { changeLanguage } from '../../../lib/i18n';
import { expectDocumentText, givenPaste, gone, inDays } from '../../../test/kits/paste-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderPasteApp = createAppRenderer(appRoutes);

const GET = 'GET /api/paste/notes';
const POST = 'POST /api/paste/notes';

async function openDocument(path = '/paste/notes', options?: { strict?: boolean }) {
  const view = renderPasteApp(path, options);
  await screen.findByTestId('paste-document');
  return view;
}

describe('paste view: opening', () => {
  it('shows a skeleton, then the content with its metadata', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubServer({
      [GET]: async () => {
        await answered;
        return ok(
          givenPaste({
            content: 'Shopping list',
            remark: 'for the weekend',
            expires_at: inDays(3),
            max_views: 5,
            views: 3,
            remaining_views: 2,
          }),
        );
      },
    });
    renderPasteApp('/paste/notes');
    expect(await screen.findByTestId('paste-skeleton')).toBeInTheDocument();
    answer();
    await expectDocumentText('Shopping list');
    expect(screen.getByTestId('page-title')).toHaveTextContent('notes');
    expect(screen.getByTestId('paste-remark')).toHaveTextContent('for the weekend');
    expect(screen.getByTestId('paste-created')).toHaveTextContent('Created 2 hours ago');
    expect(screen.getByTestId('paste-expiry')).toHaveTextContent('Expires in 3 days');
    expect(screen.getByTestId('paste-views')).toHaveTextContent('3 views · 2 views left');
    expect(screen.queryByTestId('paste-protected')).not.toBeInTheDocument();
    expect(screen.queryByTestId('last-view-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('paste-skeleton')).not.toBeInTheDocument();
    expect(document.title).toBe('notes · Pasteport');
  });

  it('shows the exact expiry in a tooltip on focus', async () => {
    const expiresAt = inDays(3);
    stubServer({ [GET]: () => ok(givenPaste({ expires_at: expiresAt })) });
    await openDocument();
    const expiry = within(screen.getByTestId('paste-expiry')).getByText(/Expires/);
    act(() => expiry.focus());
    const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(exact.format(new Date(expiresAt)));
  });

  it('reads the paste exactly once under StrictMode, focus, reconnect, re-render and sign-out', async () => {
    const fetchMock = signInAsAdmin({ [GET]: () => ok(givenPaste()) });
    const { i18n, authStore } = await openDocument('/paste/notes', { strict: true });
    fireEvent.focus(window);
    fireEvent(window, new Event('visibilitychange'));
    fireEvent(window, new Event('online'));
    await act(() => changeLanguage(i18n, 'zh-CN'));
    // Signing out clears every cached query; the document must stay, unread again.
    act(() => authStore.logout());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await expectDocumentText('Hello world');
    expect(requestsTo(fetchMock, GET)).toHaveLength(1);
  });

  it('counts views and warns when this was the last one', async () => {
    stubServer({
      [GET]: () => ok(givenPaste({ max_views: 3, views: 3, remaining_views: 0 })),
    });
    await openDocument();
    const notice = screen.getByTestId('last-view-notice');
    expect(notice).toHaveTextContent('This was the last view');
    expect(notice).toHaveTextContent('Copy or export what you need');
    expect(screen.getByTestId('paste-views')).toHaveTextContent('3 views');
    expect(screen.getByTestId('paste-views')).not.toHaveTextContent('left');
    // The link is dead now: nothing offers to share it.
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Raw' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
  });

  it('says "1 view left" in the singular', async () => {
    stubServer({
      [GET]: () => ok(givenPaste({ max_views: 2, views: 1, remaining_views: 1 })),
    });
    await openDocument();
    expect(screen.getByTestId('paste-views')).toHaveTextContent('1 view · 1 view left');
  });
});

describe('paste view: problems', () => {
  it('404: no paste at this link, with a way to create one', async () => {
    stubServer({ [GET]: () => fail(404, 'NOT_FOUND') });
    renderPasteApp('/paste/notes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No paste at this link' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/may also have been deleted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a new paste' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    ['expired' as const, 'This paste has expired'],
    ['view_limit' as const, 'This paste has reached its view limit'],
    [undefined, 'This paste is no longer available'],
  ])('410 with reason %s is told as "%s"', async (reason, heading) => {
    stubServer({ [GET]: () => gone(reason) });
    renderPasteApp('/paste/notes');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a new paste' })).toBeInTheDocument();
  });

  it('a network failure offers a retry that reads again', async () => {
    let online = false;
    const fetchMock = stubServer({
      [GET]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(givenPaste({ content: 'back again' }));
      },
    });
    const { user } = renderPasteApp('/paste/notes');
    expect(
      await screen.findByRole('heading', { name: 'Could not load the paste' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Network connection failed/)).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectDocumentText('back again');
    // Three tries (one plus two automatic retries), then the one the user asked for.
    expect(requestsTo(fetchMock, GET)).toHaveLength(4);
  });
});

describe('paste view: password', () => {
  const prompt = { slug: 'notes', has_password: true, password_required: true };

  it('asks for the password, says when it is wrong, keeps focus, then shows the paste', async () => {
    const fetchMock = stubServer({
      [GET]: () => ok(prompt),
      [POST]: ({ body }) =>
        (body as { password: string }).password === 'right'
          ? ok(givenPaste({ content: 'the secret', has_password: true, max_views: 4, views: 1 }))
          : fail(401, 'PASSWORD_INVALID'),
    });
    const { user } = renderPasteApp('/paste/notes');
    const field = await screen.findByLabelText('Password');
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'right{Enter}');
    await expectDocumentText('the secret');
    expect(screen.getByTestId('paste-protected')).toHaveTextContent('Password-protected');
    expect(bodyOf(fetchMock, POST)).toEqual({ password: 'wrong' });
    expect(requestsTo(fetchMock, GET)).toHaveLength(1);
    // The raw link carries the password that unlocked it, and warns that it counts a view.
    const raw = screen.getByRole('link', { name: 'Raw' });
    expect(new URL(raw.getAttribute('href') ?? '').searchParams.get('password')).toBe('right');
    expect(raw).toHaveAccessibleDescription(/counts as a view/);
  });

  it('says how long to wait after too many attempts', async () => {
    stubServer({
      [GET]: () => ok(prompt),
      [POST]: () => fail(429, 'RATE_LIMITED', { headers: { 'retry-after': '120' } }),
    });
    const { user } = renderPasteApp('/paste/notes');
    await user.type(await screen.findByLabelText('Password'), 'guess{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Try again in 2 minutes.',
    );
  });

  it('does not send an empty password', async () => {
    const fetchMock = stubServer({ [GET]: () => ok(prompt) });
    const { user } = renderPasteApp('/paste/notes');
    await screen.findByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the password.');
    expect(requestsTo(fetchMock, POST)).toHaveLength(0);
  });

  it('keeps the form after a network error, and unlocking again works', async () => {
    let online = false;
    stubServer({
      [GET]: () => ok(prompt),
      [POST]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(givenPaste({ content: 'made it', has_password: true }));
      },
    });
    const { user } = renderPasteApp('/paste/notes');
    const field = await screen.findByLabelText('Password');
    await user.type(field, 'pw{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Network connection failed/);
    expect(field).toHaveValue('pw');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await expectDocumentText('made it');
  });

  it('ends the visit when the paste is used up while the prompt is open', async () => {
    stubServer({
      [GET]: () => ok(prompt),
      [POST]: () => gone('view_limit'),
    });
    const { user } = renderPasteApp('/paste/notes');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'This paste has reached its view limit' }),
    ).toBeInTheDocument();
  });
});
