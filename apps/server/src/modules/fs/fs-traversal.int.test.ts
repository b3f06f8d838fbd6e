import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isWithinPath } from '@pasteport/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { formBody, givenStorage } from '../../../test/files.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { adminToken, apiKey, bearer, givenApiKey } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';
import {
  classify,
  decodedOnce,
  TRAVERSAL_PAYLOADS,
  type PathClass,
} from '../../../test/traversal.js';

/*
 * Every file-system operation that takes a path, against the whole traversal table, for a key
 * with basic path /team/docs. A path reaches the server in one of two ways: in a query string,
 * which the framework decodes once, or in a JSON body or form field, taken exactly as sent (no
 * percent-decoding: `%2e%2e` there is a literal, legal name). Each payload is sent both ways a
 * client could mean it (raw and encoded in a URL; as written and decoded in a body), and what the
 * server received is classed by the contract's one path rule: refused by the normaliser (400
 * naming the field), outside the key's reach (403 PATH_FORBIDDEN, existing or not), or an odd
 * name inside /team/docs (never refused as traversal, never a 500, answers naming nothing
 * outside). Storage is compared before and after: a refused request changes nothing at all, and
 * no request ever changes anything outside /team/docs.
 */

const BASE = '/team/docs';
/** Names of the objects outside the key's reach: no answer may ever carry them. */
const SECRET = /secret/;

type Headers = Record<string, string>;
interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  payload?: object | Buffer;
  headers?: Headers;
}

interface Space {
  t: TestApp;
  key: Headers;
  docsMountId: string;
  /** Ensures /team/docs/src.txt exists (a rename's source). */
  ensureSource(): Promise<void>;
}

interface Operation {
  name: string;
  /** The field a refused path is named by. */
  field: string;
  /** Where the path travels: in the query string (decoded once) or a body (taken as sent). */
  carrier: 'query' | 'body';
  request(path: string, space: Space): Call;
  before?(space: Space): Promise<void>;
}

const get = (url: string): Call => ({ method: 'GET', url });

const json = (method: Call['method'], url: string, payload: object): Call => ({
  method,
  url,
  payload,
});

function form(order: 'path first' | 'file first', value: string): Call {
  const pathPart = { name: 'path', value };
  const filePart = {
    name: 'file',
    filename: 'up.bin',
    type: 'application/octet-stream',
    data: Buffer.from('0123456789'),
  };
  const body = formBody(order === 'path first' ? [pathPart, filePart] : [filePart, pathPart]);
  return { method: 'POST', url: '/api/fs/upload', payload: body.payload, headers: body.headers };
}

const OPERATIONS: Operation[] = [
  { name: 'list', field: 'path', carrier: 'query', request: (p) => get(`/api/fs/list?path=${p}`) },
  { name: 'get', field: 'path', carrier: 'query', request: (p) => get(`/api/fs/get?path=${p}`) },
  {
    name: 'download',
    field: 'path',
    carrier: 'query',
    request: (p) => get(`/api/fs/download?path=${p}`),
  },
  {
    name: 'file-link',
    field: 'path',
    carrier: 'query',
    request: (p) => get(`/api/fs/file-link?path=${p}&expires_in=60`),
  },
  {
    name: 'search (scope directory)',
    field: 'path',
    carrier: 'query',
    request: (p) => get(`/api/fs/search?q=secret&scope=directory&path=${p}`),
  },
  {
    name: 'mkdir',
    field: 'path',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/mkdir', { path: p }),
  },
  {
    name: 'upload (path before the file)',
    field: 'path',
    carrier: 'body',
    request: (p) => form('path first', p),
  },
  {
    name: 'upload (path after the file)',
    field: 'path',
    carrier: 'body',
    request: (p) => form('file first', p),
  },
  {
    name: 'update',
    field: 'path',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/update', { path: p, content: 'x' }),
  },
  {
    name: 'rename (oldPath)',
    field: 'oldPath',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/rename', { oldPath: p, newPath: `${BASE}/renamed` }),
  },
  {
    name: 'rename (newPath)',
    field: 'newPath',
    carrier: 'body',
    before: (space) => space.ensureSource(),
    request: (p) => json('POST', '/api/fs/rename', { oldPath: `${BASE}/src.txt`, newPath: p }),
  },
  {
    name: 'batch-remove',
    field: 'paths[0]',
    carrier: 'body',
    request: (p) => json('DELETE', '/api/fs/batch-remove', { paths: [p] }),
  },
  {
    name: 'presign',
    field: 'path',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/presign', { path: p, fileName: 'p.bin', fileSize: 1 }),
  },
  {
    name: 'presign/commit',
    field: 'path',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/presign/commit', { path: p, fileName: 'p.bin' }),
  },
  {
    name: 'multipart/init',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/multipart/init', { path: p, fileName: 'm.bin', fileSize: 1 }),
  },
  {
    name: 'multipart/parts',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/multipart/parts', { path: p, fileName: 'm.bin', uploadId: 'x' }),
  },
  {
    name: 'multipart/complete',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/multipart/complete', {
        path: p,
        fileName: 'm.bin',
        uploadId: 'x',
        parts: [{ partNumber: 1, etag: 'e' }],
      }),
  },
  {
    name: 'multipart/abort',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/multipart/abort', { path: p, fileName: 'm.bin', uploadId: 'x' }),
  },
  {
    name: 'fetch',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/fetch', { path: p, items: [{ url: 'http://files.test/f.bin' }] }),
  },
  {
    name: 'upload-tasks',
    field: 'path',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/upload-tasks', { path: p, files: [{ path: 'u.bin', size: 1 }] }),
  },
  {
    name: 'batch-copy (sourcePath)',
    field: 'items[0].sourcePath',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/batch-copy', {
        items: [{ sourcePath: p, targetPath: `${BASE}/copied` }],
        skipExisting: true,
      }),
  },
  {
    name: 'batch-copy (targetPath)',
    field: 'items[0].targetPath',
    carrier: 'body',
    request: (p) =>
      json('POST', '/api/fs/batch-copy', {
        items: [{ sourcePath: `${BASE}/inside.txt`, targetPath: p }],
        skipExisting: true,
      }),
  },
  {
    name: 'batch-copy-commit',
    field: 'files[0].targetPath',
    carrier: 'body',
    request: (p, space) =>
      json('POST', '/api/fs/batch-copy-commit', {
        targetMountId: space.docsMountId,
        files: [{ targetPath: p }],
      }),
  },
  {
    name: 'share',
    field: 'path',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/share', { path: p }),
  },
  {
    name: 'shared',
    field: 'paths[0]',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/shared', { paths: [p] }),
  },
  {
    name: 'archive',
    field: 'paths[0]',
    carrier: 'body',
    request: (p) => json('POST', '/api/fs/archive', { paths: [p], name: 'a.zip' }),
  },
];

/**
 * The ways one payload reaches an operation, and what the server then holds: in a URL raw
 * (decoded once by the framework) and percent-encoded (arrives as written); in a body as
 * written and decoded once (a client that decoded it before sending).
 */
function deliveries(op: Operation, payload: string) {
  const ways =
    op.carrier === 'query'
      ? [
          { how: 'raw in the URL', sent: payload, received: decodedOnce(payload) },
          { how: 'encoded in the URL', sent: encodeURIComponent(payload), received: payload },
        ]
      : [
          { how: 'as written', sent: payload, received: payload },
          { how: 'decoded', sent: decodedOnce(payload), received: decodedOnce(payload) },
        ];
  const seen = new Set<string>();
  return ways.filter((way) => !seen.has(way.sent) && seen.add(way.sent));
}

/** Every entry under `dir` (files with size and mtime), relative and sorted; `skip`: top names. */
async function walk(dir: string, skip: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  async function visit(current: string) {
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      const rel = path.relative(dir, full);
      if (current === dir && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) {
        out.push(`${rel}/`);
        await visit(full);
      } else {
        const info = await stat(full);
        out.push(`${rel} ${info.size} ${info.mtimeMs}`);
      }
    }
  }
  await visit(dir);
  return out.sort();
}

/** Every object of a storage config, with its ETag (an overwrite changes it). */
async function objects(t: TestApp, storageId: string): Promise<string[]> {
  const driver = await t.storage.getDriver(storageId);
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list('', { cursor });
    keys.push(...page.objects.map((o) => `${o.key} ${o.size} ${o.etag}`));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return keys.sort();
}

/** Virtual paths in an answer that lie under /team but outside the key's basic path. */
function pathsOutside(value: unknown): string[] {
  if (typeof value === 'string') {
    return value.startsWith('/team') && !isWithinPath(BASE, value) ? [value] : [];
  }
  if (Array.isArray(value)) return value.flatMap(pathsOutside);
  if (value && typeof value === 'object') return Object.values(value).flatMap(pathsOutside);
  return [];
}

describe.each(DATABASE_KINDS)('fs traversal on %s', (kind) => {
  let t: TestApp;
  let space: Space;
  let docsRoot: string;
  /** Everything outside /team/docs: both S3 configs and DATA_DIR beside the local storage. */
  let outside: () => Promise<string[][]>;
  let outsideBefore: string[][];

  // One app for every operation: the table is long, and no operation may leave a trace that
  // another's refusal depends on (whatever a legal name inside writes stays inside).
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const token = await adminToken(t);
    const admin = bearer(token);
    const docs = await givenStorage(t, token, 'local', { allow_api_keys: true });
    const media = await givenStorage(t, token, 's3', { allow_api_keys: true });
    const team = await givenStorage(t, token, 's3', { allow_api_keys: true });
    const docsMountId = await createMount(t, token, BASE, docs);
    await createMount(t, token, '/team/media', media);
    await createMount(t, token, '/team', team);
    for (const [where, content] of [
      ['/team/media/media-secret.txt', 'media'],
      ['/team/team-secret.txt', 'team'],
      [`${BASE}/inside.txt`, 'inside'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/fs/update',
        headers: admin,
        payload: { path: where, content },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Indexed, so a search that reached outside would find them.
    await vi.waitFor(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/fs/search?q=secret',
        headers: admin,
      });
      expect(res.json<{ data: { total: number } }>().data.total).toBe(2);
    }, UNTIL_DONE);
    const key = await givenApiKey(t, token, { mount: true, file: true, basic_path: BASE });
    const docsDriver = await t.storage.getDriver(docs);
    space = {
      t,
      key: apiKey(key.key),
      docsMountId,
      async ensureSource() {
        if (await docsDriver.stat('src.txt')) return;
        await docsDriver.write('src.txt', Readable.from([Buffer.from('src')]), {
          contentType: 'text/plain',
          contentLength: 3,
        });
      },
    };
    docsRoot = path.join(t.dataDir, 'storage');
    // tmp/ holds form uploads while their path is unknown; each is removed when its form ends.
    outside = async () => [
      await objects(t, media),
      await objects(t, team),
      await walk(t.dataDir, ['storage', 'tmp']),
    ];
    outsideBefore = await outside();
    expect(outsideBefore[0]).toHaveLength(1);
    expect(outsideBefore[1]).toHaveLength(1);
  });
  afterAll(() => t?.close());

  it('tries all three classes both ways a path travels, and no path above the basic path', () => {
    for (const carrier of ['query', 'body'] as const) {
      const op = OPERATIONS.find((candidate) => candidate.carrier === carrier)!;
      const classes = new Set<PathClass>();
      for (const payload of TRAVERSAL_PAYLOADS) {
        for (const way of deliveries(op, payload)) classes.add(classify(way.received, BASE));
      }
      expect([...classes].sort(), carrier).toEqual(['inside', 'invalid', 'outside']);
    }
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    '%s: every traversal payload is refused or stays inside /team/docs',
    async (_name, op) => {
      for (const payload of TRAVERSAL_PAYLOADS) {
        for (const way of deliveries(op, payload)) {
          await op.before?.(space);
          const docsBefore = await walk(docsRoot);
          const call = op.request(way.sent, space);
          const res = await t.app.inject({
            method: call.method,
            url: call.url,
            headers: { ...space.key, ...call.headers },
            ...(call.payload ? { payload: call.payload } : {}),
          });
          const what = `${op.name}, ${way.how}: ${JSON.stringify(way.sent)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.body, what).not.toMatch(SECRET);
          const answer = String(res.headers['content-type']).includes('json')
            ? res.json<{ error?: string; message?: string; details?: { rule?: string }[] }>()
            : {};
          const cls = classify(way.received, BASE);
          if (cls === 'inside') {
            // An odd name, but a name: not refused as traversal, and nothing outside is named.
            expect(answer.error, what).not.toBe('PATH_FORBIDDEN');
            expect(answer.details?.[0]?.rule, what).not.toBe('path');
            expect(pathsOutside(answer), what).toEqual([]);
            continue;
          }
          if (cls === 'invalid') {
            expect(res.statusCode, what).toBe(400);
            expect(answer.error, what).toBe('VALIDATION_FAILED');
            expect(answer.message, what).toMatch(new RegExp(`^${escapeRegExp(op.field)}: `));
          } else {
            expect(res.statusCode, what).toBe(403);
            expect(answer.error, what).toBe('PATH_FORBIDDEN');
          }
          expect(await walk(docsRoot), `${what}: storage changed`).toEqual(docsBefore);
        }
      }
      expect(await outside(), `${op.name} changed something outside /team/docs`).toEqual(
        outsideBefore,
      );
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
