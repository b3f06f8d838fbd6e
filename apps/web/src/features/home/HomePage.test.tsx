import type { PasteCreated } from '@pasteport/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer, type FakeRoutes } from '../../test/fake-server';
import { expectInstantAfter } from '../../test/instants';
import { keyInfo, signInWithApiKey } from '../../test/sessions';
import {
  editorText,
  editorViewByLabel,
  installCodeMirrorLayoutStubs,
  typeInEditor,
} from '../../test/kits/editor-kit';
import { DRAFT_STORAGE_KEY } from './draft-storage';
import { appRoutes } from '../../app/router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

installCodeMirrorLayoutStubs();

// Loads the lazily imported page and workspace (CodeMirror, the renderer) once, outside any
// single test's time.
beforeAll(() => Promise.all([import('./index'), import('./components/EditorWorkspace')]));
afterEach(() => vi.restoreAllMocks());

const EDITOR = 'Text to share';

function created(body: Record<string, unknown>): PasteCreated {
  const slug = typeof body.slug === 'string' ? body.slug : 'Ab12Cd34';
  return {
    slug,
    url: `/paste/${slug}`,
    raw_url: `/api/raw/${slug}`,
    expires_at: (body.expires_at as string | null | undefined) ?? null,
    max_views: (body.max_views as number | undefined) ?? 0,
    has_password: typeof body.password === 'string',
    created_at: '2030-01-01T00:00:00Z',
  };
}

/** A server for a visitor who is not signed in; guest pastes on unless told otherwise. */
function guestServer({
  guests = true,
  routes = {},
}: { guests?: boolean; routes?: FakeRoutes } = {}) {
  return stubServer({
    'GET /api/system/guest-access': () =>
      ok({ allow_guest_pastes: guests, allow_guest_uploads: false }),
    'POST /api/paste': ({ body }) => ok(created(body as Record<string, unknown>), 201),
    ...routes,
  });
}

async function openHome(language: 'en' | 'zh-CN' = 'en') {
  const view = renderApp('/', { language });
  // The first render waits for the lazily loaded page and editor.
  await screen.findByRole('textbox', { name: language === 'en' ? EDITOR : '要分享的文本' });
  return view;
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
const shareButton = () => screen.getByRole('button', { name: 'Share' });

// Whole-app renders with CodeMirror are slow in jsdom.
describe('Home', () => {
  it('focuses the editor and shares with options, then shows the link, raw link and QR', async () => {
    const since = Date.now();
    const fetchMock = guestServer();
    const { user } = await openHome();
    const editor = screen.getByRole('textbox', { name: EDITOR });
    await waitFor(() => expect(editor).toHaveFocus());
    typeInEditor(EDITOR, '# Notes');
    await waitFor(() => expect(shareButton()).toBeEnabled());

    await user.click(screen.getByRole('radio', { name: '1 hour' }));
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field('Link suffix'), 'my-notes');
    await user.type(field('Password'), 'hunter2');
    await user.clear(field('View limit'));
    await user.type(field('View limit'), '3');
    await user.click(shareButton());

    expect(await screen.findByRole('heading', { name: 'Your link is ready' })).toHaveFocus();
    const body = bodyOf(fetchMock, 'POST /api/paste');
    expect(body).toMatchObject({
      content: '# Notes',
      slug: 'my-notes',
      password: 'hunter2',
      max_views: 3,
    });
    expectInstantAfter(body.expires_at, 3_600_000, since);

    const link = `${window.location.origin}/paste/my-notes`;
    expect(screen.getByLabelText('Share link')).toHaveValue(link);
    expect(screen.getByLabelText('Raw text link')).toHaveValue(
      `${window.location.origin}/api/raw/my-notes`,
    );
    expect(screen.getByText('Can be opened 3 times')).toBeInTheDocument();
    expect(screen.getByText('Password protected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open link' })).toHaveAttribute('href', link);
    expect(await screen.findByText('Link copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByAltText('QR code of the share link')).toBeInTheDocument();
  });

  it('shares with Ctrl+Enter from the editor, sending only what was set', async () => {
    const since = Date.now();
    const fetchMock = guestServer();
    const { user } = await openHome();
    await user.click(screen.getByRole('textbox', { name: EDITOR }));
    typeInEditor(EDITOR, 'plain words');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('heading', { name: 'Your link is ready' });
    const body = bodyOf(fetchMock, 'POST /api/paste');
    expect(body).toEqual({
      content: 'plain words',
      max_views: 0,
      expires_at: expect.any(String) as unknown,
    });
    // The default expiry: 7 days.
    expectInstantAfter(body.expires_at, 7 * 86_400_000, since);
  });

  it('puts a taken slug on the slug field and keeps everything typed', async () => {
    guestServer({
      routes: {
        'POST /api/paste': () =>
          fail(409, 'SLUG_TAKEN', {
            details: [{ field: 'slug', rule: 'unique', message: 'already taken' }],
          }),
      },
    });
    const { user } = await openHome();
    typeInEditor(EDITOR, 'keep me');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field('Link suffix'), 'taken');
    await user.click(shareButton());

    expect(
      await screen.findByText('This link suffix is already taken, try another.'),
    ).toBeVisible();
    expect(field('Link suffix')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Link suffix')).toHaveFocus();
    expect(editorText(EDITOR)).toBe('keep me');
    await user.type(field('Link suffix'), '2');
    expect(screen.queryByText(/already taken/)).not.toBeInTheDocument();
  });

  it('checks the slug while typing and blocks sharing while it is wrong', async () => {
    const fetchMock = guestServer();
    const { user } = await openHome();
    typeInEditor(EDITOR, 'text');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field('Link suffix'), 'admin');
    expect(screen.getByText('This word is reserved. Choose another.')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    expect(screen.getByText('Fix the highlighted options to share.')).toBeInTheDocument();

    await user.clear(field('Link suffix'));
    await user.type(field('Link suffix'), 'my notes');
    expect(screen.getByText('Only letters, digits, - and _ are allowed.')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(requestsTo(fetchMock, 'POST /api/paste')).toHaveLength(0);

    await user.clear(field('Link suffix'));
    await user.paste('x'.repeat(51));
    expect(screen.getByText('At most 50 characters.')).toBeInTheDocument();
  });

  it('validates a custom expiry and sends it', async () => {
    const since = Date.now();
    const fetchMock = guestServer();
    const { user } = await openHome();
    typeInEditor(EDITOR, 'text');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByText('Enter how long to keep the paste.')).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    await user.type(field('How long'), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'hours');
    await user.click(shareButton());
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expectInstantAfter(bodyOf(fetchMock, 'POST /api/paste').expires_at, 2 * 3_600_000, since);
  });

  it('disables sharing with a hint while the text is empty', async () => {
    guestServer();
    await openHome();
    expect(shareButton()).toBeDisabled();
    expect(screen.getByText('Write or paste something to share.')).toBeInTheDocument();
  });

  it('blocks text over 10 MB with the size message and says it cannot be kept as a draft', async () => {
    const fetchMock = guestServer();
    // Like a browser's ~5 MB localStorage quota (jsdom has none).
    const stored = new Map<string, string>();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key, value) => {
      if (value.length > 5_000_000) throw new DOMException('full', 'QuotaExceededError');
      stored.set(key, value);
    });
    await openHome();
    const huge = 'a'.repeat(Math.round(10.3 * 1024 * 1024));
    act(() => typeInEditor(EDITOR, huge));
    const message = 'The text is 10.3 MB; the limit is 10 MB. Shorten it to share.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(shareButton()).toBeDisabled();
    expect(await screen.findByText(/too large to keep as a draft/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/paste')).toHaveLength(0);
  });

  it('shows the size message on a 413 and keeps the text', async () => {
    guestServer({ routes: { 'POST /api/paste': () => fail(413, 'PAYLOAD_TOO_LARGE') } });
    const { user } = await openHome();
    typeInEditor(EDITOR, 'some text');
    await user.click(shareButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The text is 9 B; the limit is 10 MB.',
    );
    expect(editorText(EDITOR)).toBe('some text');
  });

  it('restores the draft after a reload, clears it on request and after sharing', async () => {
    guestServer();
    const first = await openHome();
    typeInEditor(EDITOR, 'draft text');
    await first.user.click(screen.getByRole('radio', { name: 'Plain text' }));
    await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toContain('draft text'));
    expect(screen.getByText('Draft saved in this browser')).toBeInTheDocument();
    first.unmount();

    const second = await openHome();
    expect(screen.getByTestId('draft-restored')).toHaveTextContent(/Your draft from .* restored/);
    expect(editorText(EDITOR)).toBe('draft text');
    expect(screen.getByRole('radio', { name: 'Plain text' })).toBeChecked();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();

    await second.user.click(shareButton());
    await screen.findByRole('heading', { name: 'Your link is ready' });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    second.unmount();

    await openHome();
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
    expect(editorText(EDITOR)).toBe('');
  });

  it('clears a restored draft with its note', async () => {
    localStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ content: 'old', markdown: true, savedAt: '2030-01-01T00:00:00Z' }),
    );
    guestServer();
    const { user } = await openHome();
    expect(editorText(EDITOR)).toBe('old');
    await user.click(screen.getByRole('button', { name: 'Clear draft' }));
    expect(editorText(EDITOR)).toBe('');
    expect(screen.queryByTestId('draft-restored')).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull());
  });

  it('tells guests to sign in when guest pastes are off, but lets them write', async () => {
    const fetchMock = guestServer({ guests: false });
    const { user } = await openHome();
    const notice = await screen.findByTestId('access-notice');
    expect(notice).toHaveTextContent('only accepts pastes from signed-in users');
    expect(within(notice).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin');
    typeInEditor(EDITOR, 'still writing');
    expect(shareButton()).toBeDisabled();
    expect(screen.getByText('Sign in to share.')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(requestsTo(fetchMock, 'POST /api/paste')).toHaveLength(0);
  });

  it('turns a guest 401 into the sign-in message', async () => {
    guestServer({ routes: { 'POST /api/paste': () => fail(401, 'UNAUTHORIZED') } });
    const { user } = await openHome();
    typeInEditor(EDITOR, 'hello');
    await user.click(shareButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('only accepts pastes from signed-in users');
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(editorText(EDITOR)).toBe('hello');
  });

  it('tells an API key without the text permission that it cannot share', async () => {
    signInWithApiKey(keyInfo({ file: true }));
    await openHome();
    expect(await screen.findByTestId('access-notice')).toHaveTextContent(
      'does not have the text permission',
    );
    expect(shareButton()).toBeDisabled();
  });

  it('starts a new paste from the result: empty editor with focus, options reset', async () => {
    guestServer();
    const { user } = await openHome();
    typeInEditor(EDITOR, 'first');
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field('Link suffix'), 'first-one');
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await user.click(shareButton());
    await user.click(await screen.findByRole('button', { name: 'New paste' }));

    const editor = await screen.findByRole('textbox', { name: EDITOR });
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editorText(EDITOR)).toBe('');
    expect(screen.queryByLabelText(/^Link suffix/, { selector: 'input' })).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(field('Link suffix')).toHaveValue('');
    // The expiry last used is offered again.
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
  });

  it('switches between editing and the preview on a narrow screen', async () => {
    guestServer();
    const { user } = await openHome();
    typeInEditor(EDITOR, 'Preview me');
    expect(screen.queryByTestId('home-preview')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Side by side' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Preview' }));
    expect(screen.getByTestId('home-preview')).toHaveTextContent('Preview me');
    // Keyboard users scroll it, so it takes focus and shows the theme's focus ring then.
    expect(screen.getByTestId('home-preview')).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('home-preview')).toHaveClass('mantine-focus-auto');
    await user.click(screen.getByRole('radio', { name: 'Edit' }));
    expect(editorViewByLabel(EDITOR).state.doc.toString()).toBe('Preview me');
  });

  it('speaks Chinese', async () => {
    guestServer({ guests: false });
    await openHome('zh-CN');
    expect(screen.getByRole('button', { name: '分享' })).toBeDisabled();
    expect(await screen.findByTestId('access-notice')).toHaveTextContent('只接受已登录用户');
    expect(screen.getByRole('radio', { name: '1小时' })).toBeInTheDocument();
  });
});
