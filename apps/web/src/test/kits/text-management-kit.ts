import type { PasteDetail, PasteSummary, UpdatePasteRequest } from '@pasteport/contract';
import { fail, ok, requestsTo, type FakeRoutes, type stubServer } from '../fake-server';
import type { PasteScope } from '../../features/paste/api';

/** A paste as the management endpoints hold it; each test says what matters to it. */
export function givenPaste(patch: Partial<PasteDetail> = {}): PasteDetail {
  const content = patch.content ?? '# Hello\n\nworld';
  return {
    id: 'p1',
    slug: 'hello',
    remark: null,
    content,
    size_bytes: new TextEncoder().encode(content).length,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    created_by: 'admin',
    created_at: '2030-01-01T10:00:00.000Z',
    updated_at: '2030-01-01T10:00:00.000Z',
    ...patch,
  };
}

/** `count` pastes p1…pN with slugs paste-1…paste-N, newest first as the server lists them. */
export function givenPastes(count: number): PasteDetail[] {
  return Array.from({ length: count }, (_, index) =>
    givenPaste({ id: `p${index + 1}`, slug: `paste-${index + 1}` }),
  );
}

function summaryOf({ content, ...rest }: PasteDetail): PasteSummary {
  return { ...rest, preview: content.slice(0, 200) };
}

/**
 * A fake paste store behind the routes of one scope: the listing pages by page (admin) or
 * offset (user) and searches slug and remark; edits, deletes and clearing change the store,
 * so a refresh shows the result.
 */
export function pasteRoutes(scope: PasteScope, initial: PasteDetail[]): FakeRoutes {
  let pastes = [...initial];
  const base = `/api/${scope}/pastes`;
  const routes: FakeRoutes = {
    [`GET ${base}`]: ({ url }) => {
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const offset =
        scope === 'admin'
          ? (Number(url.searchParams.get('page') ?? 1) - 1) * limit
          : Number(url.searchParams.get('offset') ?? 0);
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = search
        ? pastes.filter(
            (paste) =>
              paste.slug.toLowerCase().includes(search) ||
              (paste.remark ?? '').toLowerCase().includes(search),
          )
        : pastes;
      return ok({
        items: matching.slice(offset, offset + limit).map(summaryOf),
        total: matching.length,
        limit,
        offset,
      });
    },
    [`POST ${base}/batch-delete`]: ({ body }) => {
      const ids = (body as { ids: string[] }).ids;
      const before = pastes.length;
      pastes = pastes.filter((paste) => !ids.includes(paste.id));
      return ok({ deleted: before - pastes.length });
    },
  };
  if (scope === 'admin') {
    routes['POST /api/admin/pastes/clear-expired'] = () => {
      const before = pastes.length;
      pastes = pastes.filter(
        (paste) => paste.expires_at === null || Date.parse(paste.expires_at) > Date.now(),
      );
      return ok({ deleted: before - pastes.length });
    };
  }
  for (const { id } of initial) {
    const find = () => pastes.find((paste) => paste.id === id);
    routes[`GET ${base}/${id}`] = () => {
      const paste = find();
      return paste ? ok(paste) : fail(404, 'NOT_FOUND');
    };
    routes[`PUT ${base}/${id}`] = ({ body }) => {
      const paste = find();
      if (!paste) return fail(404, 'NOT_FOUND');
      const { password, ...changes } = body as UpdatePasteRequest;
      const updated = {
        ...paste,
        ...changes,
        ...(password === undefined ? {} : { has_password: password !== null }),
      };
      pastes = pastes.map((each) => (each.id === id ? updated : each));
      return ok(updated);
    };
    routes[`DELETE ${base}/${id}`] = () => {
      pastes = pastes.filter((paste) => paste.id !== id);
      return ok({});
    };
  }
  return routes;
}

/** The query strings of the listing requests, in order, e.g. ['page=1&limit=10']. */
export function listQueries(fetchMock: ReturnType<typeof stubServer>, scope: PasteScope) {
  return requestsTo(fetchMock, `GET /api/${scope}/pastes`).map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
    return url.search.slice(1);
  });
}
