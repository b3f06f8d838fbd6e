import type { FileDetail, UpdateFileRequest } from '@pasteport/contract';
import { fail, ok, requestsTo, type FakeRoutes, type stubServer } from '../fake-server';
import type { FileScope } from '../../features/file/api';
import { givenFileDetail } from './file-kit';

/** `count` files f1…fN named file-1.txt… with slugs file-1…, newest first as the server lists. */
export function givenFiles(count: number): FileDetail[] {
  return Array.from({ length: count }, (_, index) =>
    givenFileDetail({
      id: `f${index + 1}`,
      slug: `file-${index + 1}`,
      filename: `file-${index + 1}.txt`,
    }),
  );
}

/**
 * A fake file store behind the routes of one scope: the listing pages by limit and offset and
 * searches name, slug and remark; edits and deletes change the store, so a refresh shows them.
 */
export function fileRoutes(scope: FileScope, initial: FileDetail[]): FakeRoutes {
  let files = [...initial];
  const base = `/api/${scope}/files`;
  const routes: FakeRoutes = {
    [`GET ${base}`]: ({ url }) => {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const search = url.searchParams.get('search')?.toLowerCase();
      const matching = search
        ? files.filter((file) =>
            [file.filename, file.slug, file.remark ?? ''].some((text) =>
              text.toLowerCase().includes(search),
            ),
          )
        : files;
      return ok({
        items: matching.slice(offset, offset + limit),
        total: matching.length,
        limit,
        offset,
      });
    },
    [`DELETE ${base}/batch-delete`]: ({ body }) => {
      const ids = (body as { ids: string[] }).ids;
      const before = files.length;
      files = files.filter((file) => !ids.includes(file.id));
      return ok({ deleted: before - files.length });
    },
  };
  for (const { id } of initial) {
    const find = () => files.find((file) => file.id === id);
    routes[`GET ${base}/${id}`] = () => {
      const file = find();
      return file ? ok(file) : fail(404, 'NOT_FOUND');
    };
    routes[`PUT ${base}/${id}`] = ({ body }) => {
      const file = find();
      if (!file) return fail(404, 'NOT_FOUND');
      const { password, expires_in: _hours, ...changes } = body as UpdateFileRequest;
      const updated = {
        ...file,
        ...changes,
        ...(password === undefined ? {} : { has_password: password !== null }),
      };
      files = files.map((each) => (each.id === id ? updated : each));
      return ok(updated);
    };
    routes[`DELETE ${base}/${id}`] = () => {
      files = files.filter((file) => file.id !== id);
      return ok({});
    };
  }
  return routes;
}

/** The query strings of the listing requests, in order, e.g. ['limit=50&offset=0']. */
export function listQueries(fetchMock: ReturnType<typeof stubServer>, scope: FileScope) {
  return requestsTo(fetchMock, `GET /api/${scope}/files`).map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
    return url.search.slice(1);
  });
}
