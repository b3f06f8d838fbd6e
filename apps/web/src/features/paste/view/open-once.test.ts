import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { openPasteOnce } from './open-once';

const paste = {
  slug: 'a',
  content: 'x',
  remark: null,
  expires_at: null,
  max_views: 0,
  views: 1,
  remaining_views: null,
  has_password: false,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  manage_id: null,
};

afterEach(() => vi.useRealTimers());

describe('openPasteOnce', () => {
  it('shares one request between callers that start while it is in flight', async () => {
    const fetchMock = stubServer({ 'GET /api/paste/a': () => ok(paste) });
    const [first, second] = await Promise.all([openPasteOnce('a'), openPasteOnce('a')]);
    expect(first).toEqual(paste);
    expect(second).toBe(first);
    expect(requestsTo(fetchMock, 'GET /api/paste/a')).toHaveLength(1);
  });

  it('reads again once the earlier request has settled (a new visit)', async () => {
    const fetchMock = stubServer({ 'GET /api/paste/a': () => ok(paste) });
    await openPasteOnce('a');
    await openPasteOnce('a');
    expect(requestsTo(fetchMock, 'GET /api/paste/a')).toHaveLength(2);
  });

  it('keeps slugs apart', async () => {
    const fetchMock = stubServer({
      'GET /api/paste/a': () => ok(paste),
      'GET /api/paste/b': () => ok({ ...paste, slug: 'b' }),
    });
    const [a, b] = await Promise.all([openPasteOnce('a'), openPasteOnce('b')]);
    expect([a.slug, b.slug]).toEqual(['a', 'b']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a network failure, then succeeds', async () => {
    let calls = 0;
    const fetchMock = stubServer({
      'GET /api/paste/a': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return ok(paste);
      },
    });
    await expect(openPasteOnce('a')).resolves.toEqual(paste);
    expect(requestsTo(fetchMock, 'GET /api/paste/a')).toHaveLength(2);
  });

  it('never retries an answer: a 404 or 410 is asked once', async () => {
    const fetchMock = stubServer({ 'GET /api/paste/a': () => fail(410, 'GONE') });
    await expect(openPasteOnce('a')).rejects.toMatchObject({ status: 410, code: 'GONE' });
    expect(requestsTo(fetchMock, 'GET /api/paste/a')).toHaveLength(1);
  });

  it('gives up after two network retries', async () => {
    const fetchMock = stubServer({
      'GET /api/paste/a': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(openPasteOnce('a')).rejects.toMatchObject({ kind: 'network' });
    expect(requestsTo(fetchMock, 'GET /api/paste/a')).toHaveLength(3);
  });
});
