import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { deleteOfflineDb } from '../../../lib/offline-db';
import { fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import {
  DAY_MS,
  givenCopy,
  goOffline,
  guestOwner,
  storedCopy,
  waitForCopy,
} from '../../../test/kits/offline-kit';
import { expectDocumentText, givenPaste } from '../../../test/kits/paste-kit';
import { createAppRenderer } from '../../../test/render-app';

const renderPasteApp = createAppRenderer(appRoutes);

const GET = 'GET /api/paste/notes';
const POST = 'POST /api/paste/notes';
const prompt = { slug: 'notes', has_password: true, password_required: true };

afterEach(async () => {
  await deleteOfflineDb();
});

/** A fetch that fails as the browser's does without a connection. */
const noConnection = () => {
  throw new TypeError('Failed to fetch');
};

/** "Saved {time}" as the notice writes it in `language`. */
const savedAt = (at: number, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

describe('paste view: offline copies', () => {
  it('keeps a paste read online for the one who read it, dated', async () => {
    stubServer({ [GET]: () => ok(givenPaste({ content: 'Shopping list' })) });
    const before = Date.now();
    renderPasteApp('/paste/notes');
    await expectDocumentText('Shopping list');
    const copy = await waitForCopy('pastes', 'notes');
    expect(copy).toMatchObject({ owner: guestOwner(), data: { content: 'Shopping list' } });
    expect(copy.cachedAt).toBeGreaterThanOrEqual(before);
    expect(copy.cachedAt).toBeLessThanOrEqual(Date.now());
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Shown from offline copy saved'],
    ['zh-CN', '显示的是'],
  ] as const)(
    '[%s] shows the kept copy while offline, saying when it was saved',
    async (language, words) => {
      const cachedAt = Date.now() - 2 * DAY_MS;
      await givenCopy('pastes', 'notes', {
        owner: guestOwner(),
        cachedAt,
        data: givenPaste({ content: 'Read on the train' }),
      });
      goOffline();
      const fetchMock = stubServer({ [GET]: noConnection });
      renderPasteApp('/paste/notes', { language });
      await expectDocumentText('Read on the train');
      const notice = screen.getByTestId('offline-copy-notice');
      expect(notice).toHaveTextContent(words);
      expect(notice).toHaveTextContent(savedAt(cachedAt, language));
      // Offline, the read is not retried before the copy shows.
      expect(requestsTo(fetchMock, GET)).toHaveLength(1);
    },
  );

  it('shows a server error as before, even with a copy kept', async () => {
    await givenCopy('pastes', 'notes', { owner: guestOwner(), data: givenPaste() });
    stubServer({ [GET]: () => fail(500, 'INTERNAL') });
    renderPasteApp('/paste/notes');
    expect(
      await screen.findByRole('heading', { name: 'Could not open the paste' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('paste-document')).not.toBeInTheDocument();
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
  });

  it('never shows a copy 7 days old, and drops it', async () => {
    await givenCopy('pastes', 'notes', {
      owner: guestOwner(),
      cachedAt: Date.now() - 7 * DAY_MS,
      data: givenPaste(),
    });
    goOffline();
    stubServer({ [GET]: noConnection });
    renderPasteApp('/paste/notes');
    expect(await screen.findByText(/Network connection failed/)).toBeInTheDocument();
    expect(screen.queryByTestId('paste-document')).not.toBeInTheDocument();
    expect(await storedCopy('pastes', 'notes')).toBeUndefined();
  });

  it('never shows another identity’s copy', async () => {
    await givenCopy('pastes', 'notes', { owner: 'admin@/api', data: givenPaste() });
    goOffline();
    stubServer({ [GET]: noConnection });
    renderPasteApp('/paste/notes');
    expect(await screen.findByText(/Network connection failed/)).toBeInTheDocument();
    expect(screen.queryByTestId('paste-document')).not.toBeInTheDocument();
  });

  it.each([1, 5])('keeps no paste limited to %i views, and drops an earlier copy', async (max) => {
    await givenCopy('pastes', 'notes', { owner: guestOwner(), data: givenPaste() });
    stubServer({
      [GET]: () => ok(givenPaste({ content: 'Counted', max_views: max, remaining_views: 0 })),
    });
    renderPasteApp('/paste/notes');
    await expectDocumentText('Counted');
    await waitForNoCopy('notes');
  });

  it('keeps a protected paste only once the password opened it, and never the password', async () => {
    const fetchMock = stubServer({
      [GET]: () => ok(prompt),
      [POST]: () => ok(givenPaste({ content: 'the secret', has_password: true })),
      'GET /api/paste/other': () => ok(givenPaste({ slug: 'other' })),
    });
    const { user, container } = renderPasteApp('/paste/notes');
    const field = await screen.findByLabelText('Password');
    // Another page kept after the prompt showed: had the prompt been kept, it would be by now.
    renderPasteApp('/paste/other');
    await waitForCopy('pastes', 'other');
    expect(await storedCopy('pastes', 'notes')).toBeUndefined();

    await user.type(field, 'hunter2{Enter}');
    const document = await within(container).findByTestId('paste-document');
    await waitFor(() => expect(document).toHaveTextContent('the secret'));
    const copy = await waitForCopy('pastes', 'notes');
    expect(copy).toMatchObject({ owner: guestOwner(), data: { content: 'the secret' } });
    expect(JSON.stringify(copy)).not.toContain('hunter2');
    expect(requestsTo(fetchMock, POST)).toHaveLength(1);
  });
});

/** Waits until no copy of `slug` is kept (a drop is the page's own write). */
async function waitForNoCopy(slug: string) {
  await waitFor(async () => expect(await storedCopy('pastes', slug)).toBeUndefined());
}
