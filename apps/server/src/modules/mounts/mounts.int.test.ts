import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Mount } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Issue = { field: string; rule: string; message: string };

describe.each(DATABASE_KINDS)('mount points on %s', (kind) => {
  const ctx = useAdminApp(kind);
  const call = (
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = bearer(ctx.token),
  ) =>
    ctx.t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const data = <T>(res: { json: <U>() => U }) => res.json<{ data: T }>().data;
  const localId = async () => (await ctx.t.storage.getDefault()).id;
  const body = async (patch: Record<string, unknown>) => ({
    name: 'Docs',
    mount_path: '/docs',
    storage_config_id: await localId(),
    ...patch,
  });
  const create = async (patch: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/admin/mounts', await body(patch));
    expect(res.statusCode, res.body).toBe(201);
    return data<Mount>(res);
  };
  const rowCount = async () =>
    (await ctx.t.database.db.selectFrom('mounts').select('id').execute()).length;

  describe('administration', () => {
    it('creates a mount with its defaults, lists, reads, changes and deletes it', async () => {
      const before = new Date().toISOString();
      const created = await create({ remark: 'team files' });
      expect(created).toMatchObject({
        name: 'Docs',
        mount_path: '/docs',
        storage_type: 'LOCAL',
        storage_config_name: 'Local disk',
        remark: 'team files',
        sort_order: 0,
        cache_ttl: 300,
        is_active: true,
        read_only: false,
        created_by: 'admin',
        last_used: null,
        last_refresh: null,
      });
      expect(created.created_at >= before).toBe(true);
      expect(created.updated_at).toBe(created.created_at);
      expect(data<Mount[]>(await call('GET', '/api/admin/mounts'))).toEqual([created]);
      expect(data<Mount>(await call('GET', `/api/admin/mounts/${created.id}`))).toEqual(created);

      const changed = await call('PUT', `/api/admin/mounts/${created.id}`, {
        name: 'Team docs',
        mount_path: '/team/docs',
        remark: null,
        sort_order: -5,
        cache_ttl: 0,
        is_active: false,
        read_only: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(data<Mount>(changed)).toMatchObject({
        id: created.id,
        name: 'Team docs',
        mount_path: '/team/docs',
        remark: null,
        sort_order: -5,
        cache_ttl: 0,
        is_active: false,
        read_only: true,
        created_by: 'admin',
        created_at: created.created_at,
      });
      const row = await ctx.t.database.db
        .selectFrom('mounts')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.mount_path_key).toBe('/team/docs');

      expect((await call('DELETE', `/api/admin/mounts/${created.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/admin/mounts/${created.id}`)).statusCode).toBe(404);
      expect(await rowCount()).toBe(0);
    });

    it('answers 404 for unknown ids on every route', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, `/api/admin/mounts/${randomUUID()}`, {});
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
    });

    it('keeps the mount table of the virtual file system current after every write', async () => {
      const table = ctx.t.root.mountTable;
      expect(await table.active()).toEqual([]);
      const created = await create();
      expect((await table.active()).map((m) => m.mount_path)).toEqual(['/docs']);
      await call('PUT', `/api/admin/mounts/${created.id}`, { mount_path: '/renamed' });
      expect((await table.active()).map((m) => m.mount_path)).toEqual(['/renamed']);
      await call('PUT', `/api/admin/mounts/${created.id}`, { is_active: false });
      expect(await table.active()).toEqual([]);
      await call('PUT', `/api/admin/mounts/${created.id}`, { is_active: true });
      await call('DELETE', `/api/admin/mounts/${created.id}`);
      expect(await table.active()).toEqual([]);
    });

    it('accepts any Unicode letter, NFC-normalised, and exactly 100 characters', async () => {
      expect((await create({ mount_path: '/团队/文档' })).mount_path).toBe('/团队/文档');
      // "café" typed decomposed (e + combining acute) is stored composed.
      expect((await create({ mount_path: '/cafe\u0301' })).mount_path).toBe('/caf\u00e9');
      const longest = `/${'a'.repeat(99)}`;
      expect((await create({ mount_path: longest })).mount_path).toBe(longest);
      expect((await create({ mount_path: '/team_1/x-2' })).mount_path).toBe('/team_1/x-2');
    });

    it('takes a storage_type sent by CloudPaste clients only when it agrees with the config', async () => {
      expect((await create({ storage_type: 'local' })).storage_type).toBe('LOCAL');
      const res = await call(
        'POST',
        '/api/admin/mounts',
        await body({ storage_type: 'S3', mount_path: '/s3' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ details: Issue[] }>().details).toEqual([
        expect.objectContaining({ field: 'storage_type', rule: 'mismatch' }),
      ]);
      const created = await create({ mount_path: '/other' });
      const put = await call('PUT', `/api/admin/mounts/${created.id}`, { storage_type: 'S3' });
      expect(put.statusCode).toBe(400);
      expect(await rowCount()).toBe(2);
    });
  });

  describe('validation: each rule is a 400 naming its field, and nothing is stored', () => {
    it.each([
      ['/API/x', 'reserved'],
      ['/api', 'reserved'],
      ['/dav', 'reserved'],
      ['/Dav/team', 'reserved'],
      ['/admin', 'reserved'],
      ['/mount-explorer/x', 'reserved'],
      ['/ASSETS', 'reserved'],
      ['/ProC/1', 'reserved'],
      ['/bin', 'reserved'],
      ['//a', 'empty_segment'],
      ['/a//b', 'empty_segment'],
      ['/a/', 'trailing_slash'],
      ['/a/../b', 'dot_segment'],
      ['/a/./b', 'dot_segment'],
      ['/..', 'dot_segment'],
      ['/a/%2e%2e/b', 'characters'],
      ['/a/%252e%252e', 'characters'],
      ['/a b', 'characters'],
      ['/a\\b', 'characters'],
      ['/a\u0000b', 'characters'],
      ['/a\u202eb', 'characters'],
      ['/sw.js', 'characters'],
      ['/a:b', 'characters'],
      [`/${'a'.repeat(100)}`, 'too_long'],
      [`/${'团'.repeat(90)}`, 'segment_too_long'],
      ['docs', 'relative'],
      ['\\docs', 'relative'],
      ['/', 'root'],
      ['', 'required'],
    ])('mount_path %j → %s', async (mountPath, rule) => {
      const res = await call('POST', '/api/admin/mounts', await body({ mount_path: mountPath }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        details: [{ field: 'mount_path', rule }],
      });
      expect(await rowCount()).toBe(0);
    });

    it('refuses the same paths on update, leaving the mount as it was', async () => {
      const created = await create();
      for (const mountPath of ['/API/x', '/a/../b', '//a', '/a/']) {
        const res = await call('PUT', `/api/admin/mounts/${created.id}`, { mount_path: mountPath });
        expect(res.statusCode, mountPath).toBe(400);
        expect(res.json<{ details: Issue[] }>().details[0]?.field).toBe('mount_path');
      }
      expect(data<Mount>(await call('GET', `/api/admin/mounts/${created.id}`))).toEqual(created);
    });

    it.each([
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 'a\u0000b' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ mount_path: 42 }, 'mount_path'],
      [{ storage_config_id: '' }, 'storage_config_id'],
      [{ storage_config_id: randomUUID() }, 'storage_config_id'],
      [{ storage_config_id: 'x'.repeat(65) }, 'storage_config_id'],
      [{ cache_ttl: -1 }, 'cache_ttl'],
      [{ cache_ttl: 86_401 }, 'cache_ttl'],
      [{ cache_ttl: 1.5 }, 'cache_ttl'],
      [{ cache_ttl: '300' }, 'cache_ttl'],
      [{ sort_order: 2 ** 31 }, 'sort_order'],
      [{ sort_order: -(2 ** 31) - 1 }, 'sort_order'],
      [{ sort_order: 1e308 }, 'sort_order'],
      [{ is_active: 'yes' }, 'is_active'],
      [{ read_only: 1 }, 'read_only'],
      [{ remark: 'r'.repeat(501) }, 'remark'],
      [{ remark: 'a\u0000b' }, 'remark'],
      [{ storage_type: 'WEBDAV' }, 'storage_type'],
      [{ web_proxy: true }, 'web_proxy'],
      [{ mountPath: '/x' }, 'mountPath'],
    ])('%j → 400 naming %s', async (patch, field) => {
      const res = await call('POST', '/api/admin/mounts', await body(patch));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ details: Issue[] }>().details.map((d) => d.field)).toContain(field);
      expect(await rowCount()).toBe(0);
    });

    it('requires name, mount_path and storage_config_id', async () => {
      const res = await call('POST', '/api/admin/mounts', {});
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json<{ details: Issue[] }>()
          .details.map((d) => d.field)
          .sort(),
      ).toEqual(['mount_path', 'name', 'storage_config_id']);
    });

    it('refuses a body that is not JSON (415), and malformed JSON (400)', async () => {
      const text = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/admin/mounts',
        headers: { ...bearer(ctx.token), 'content-type': 'text/plain' },
        payload: 'name=x',
      });
      expect(text.statusCode).toBe(415);
      const broken = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/admin/mounts',
        headers: { ...bearer(ctx.token), 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(broken.statusCode).toBe(400);
      expect(await rowCount()).toBe(0);
    });
  });

  describe('unique mount paths, compared without case', () => {
    it('refuses /docs beside /Docs with 409 on mount_path, on create and on update', async () => {
      await create({ mount_path: '/Docs' });
      const res = await call('POST', '/api/admin/mounts', await body({ mount_path: '/docs' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'ALREADY_EXISTS',
        details: [{ field: 'mount_path', rule: 'unique' }],
      });
      const other = await create({ mount_path: '/other' });
      const put = await call('PUT', `/api/admin/mounts/${other.id}`, { mount_path: '/DOCS' });
      expect(put.statusCode).toBe(409);
      expect(put.json()).toMatchObject({ details: [{ field: 'mount_path' }] });
      expect(data<Mount>(await call('GET', `/api/admin/mounts/${other.id}`)).mount_path).toBe(
        '/other',
      );
      // A mount may keep its own path, or change only its case.
      const self = await call('PUT', `/api/admin/mounts/${other.id}`, { mount_path: '/OTHER' });
      expect(self.statusCode).toBe(200);
    });

    it('lets exactly one of 10 concurrent creates of the same path through', async () => {
      const payloads = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          body({ name: `m${i}`, mount_path: i % 2 === 0 ? '/race' : '/RACE' }),
        ),
      );
      const answers = await Promise.all(
        payloads.map((payload) => call('POST', '/api/admin/mounts', payload)),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(await rowCount()).toBe(1);
    });
  });

  describe('who may manage mounts', () => {
    it('refuses API keys every admin route (403), even with the mount permission and /', async () => {
      const created = await create();
      const key = await givenApiKey(ctx.t, ctx.token, { mount: true, file: true, text: true });
      const asKey = apiKey(key.key);
      const attempts: [Method, string, unknown][] = [
        ['GET', '/api/admin/mounts', undefined],
        ['POST', '/api/admin/mounts', await body({ mount_path: '/mine' })],
        ['GET', `/api/admin/mounts/${created.id}`, undefined],
        ['PUT', `/api/admin/mounts/${created.id}`, { read_only: true, mount_path: '/taken' }],
        ['DELETE', `/api/admin/mounts/${created.id}`, undefined],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(method, url, payload, asKey);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'ADMIN_ONLY' });
        const anonymous = await call(method, url, payload, {});
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      }
      expect(data<Mount[]>(await call('GET', '/api/admin/mounts'))).toEqual([created]);
    });
  });

  describe('the mounts an API key may use', () => {
    async function givenTeamMounts() {
      const closed = await givenStorage(ctx.t, ctx.token, 's3', { allow_api_keys: false });
      return {
        docs: await create({ name: 'docs', mount_path: '/team/docs' }),
        team: await create({ name: 'team', mount_path: '/team' }),
        inner: await create({ name: 'inner', mount_path: '/team/docs/archive' }),
        media: await create({ name: 'media', mount_path: '/team/media' }),
        pub: await create({ name: 'pub', mount_path: '/public' }),
        sibling: await create({ name: 'sibling', mount_path: '/team/docs-private' }),
        off: await create({ name: 'off', mount_path: '/team/docs/off', is_active: false }),
        closed: await create({
          name: 'closed',
          mount_path: '/team/docs/closed',
          storage_config_id: closed,
        }),
      };
    }

    it('lists mounts inside the basic path and above it, active, on storages open to keys', async () => {
      const m = await givenTeamMounts();
      const key = await givenApiKey(ctx.t, ctx.token, { mount: true, basic_path: '/team/docs' });
      const res = await call('GET', '/api/user/mounts', undefined, apiKey(key.key));
      expect(res.statusCode).toBe(200);
      const listed = data<Mount[]>(res);
      expect(listed.map((mount) => mount.mount_path).sort()).toEqual([
        '/team',
        '/team/docs',
        '/team/docs/archive',
      ]);
      expect(listed.find((mount) => mount.id === m.docs.id)).toEqual(m.docs);

      for (const visible of [m.docs, m.team, m.inner]) {
        const one = await call('GET', `/api/user/mounts/${visible.id}`, undefined, apiKey(key.key));
        expect(one.statusCode).toBe(200);
        expect(data<Mount>(one)).toEqual(visible);
      }
      // Invisible and absent mounts answer alike: nothing says that one exists.
      for (const hidden of [m.media, m.pub, m.sibling, m.off, m.closed, { id: randomUUID() }]) {
        const one = await call('GET', `/api/user/mounts/${hidden.id}`, undefined, apiKey(key.key));
        expect(one.statusCode, hidden.id).toBe(404);
        expect(one.json()).toMatchObject({
          error: 'NOT_FOUND',
          message: `mount ${hidden.id} does not exist`,
        });
      }
    });

    it('gives a key with basic path / every usable mount; a read-only key lists as well', async () => {
      const m = await givenTeamMounts();
      const key = await givenApiKey(ctx.t, ctx.token, { mount: true });
      await call('PUT', `/api/admin/api-keys/${key.id}`, { mount_read_only: true });
      const listed = data<Mount[]>(
        await call('GET', '/api/user/mounts', undefined, apiKey(key.key)),
      );
      expect(listed.map((mount) => mount.id).sort()).toEqual(
        [m.docs, m.team, m.inner, m.media, m.pub, m.sibling].map((mount) => mount.id).sort(),
      );
    });

    it('shows a mount again once its storage is opened to keys', async () => {
      const m = await givenTeamMounts();
      const key = await givenApiKey(ctx.t, ctx.token, { mount: true, basic_path: '/team/docs' });
      const before = await call(
        'GET',
        `/api/user/mounts/${m.closed.id}`,
        undefined,
        apiKey(key.key),
      );
      expect(before.statusCode).toBe(404);
      const opened = await call('PUT', `/api/s3-configs/${m.closed.storage_config_id}`, {
        allow_api_keys: true,
      });
      expect(opened.statusCode).toBe(200);
      const after = await call(
        'GET',
        `/api/user/mounts/${m.closed.id}`,
        undefined,
        apiKey(key.key),
      );
      expect(after.statusCode).toBe(200);
    });

    it('refuses keys without the mount permission (403) and anonymous callers (401)', async () => {
      await create();
      const key = await givenApiKey(ctx.t, ctx.token, { text: true, file: true });
      const res = await call('GET', '/api/user/mounts', undefined, apiKey(key.key));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'PERMISSION_DENIED' });
      expect((await call('GET', '/api/user/mounts', undefined, {})).statusCode).toBe(401);
    });
  });

  describe('storage', () => {
    it.each(STORAGE_KINDS)(
      'deleting a mount leaves every object in %s storage',
      async (storageKind) => {
        const configId = await givenStorage(ctx.t, ctx.token, storageKind);
        const mount = await create({ storage_config_id: configId, mount_path: '/kept' });
        const driver = await ctx.t.storage.getDriver(configId);
        const key = `mount-test/${randomUUID()}.txt`;
        await driver.write(key, Readable.from([Buffer.from('still here')]), {
          contentType: 'text/plain',
        });
        expect((await call('DELETE', `/api/admin/mounts/${mount.id}`)).statusCode).toBe(200);
        const kept = await driver.stat(key);
        expect(kept?.size).toBe(10);
        await driver.deleteMany([key]);
      },
    );

    it('refuses to delete a storage config that mounts show (409 naming how many)', async () => {
      const configId = await givenStorage(ctx.t, ctx.token, 's3');
      const first = await create({ storage_config_id: configId, mount_path: '/one' });
      const second = await create({ storage_config_id: configId, mount_path: '/two' });
      const refused = await call('DELETE', `/api/s3-configs/${configId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: 'CONFLICT',
        details: [{ field: 'id', rule: 'mounted' }],
      });
      expect(refused.json<{ message: string }>().message).toContain('2 mount points');
      await call('DELETE', `/api/admin/mounts/${first.id}`);
      const stillOne = await call('DELETE', `/api/s3-configs/${configId}`);
      expect(stillOne.json<{ message: string }>().message).toContain('1 mount point;');
      await call('DELETE', `/api/admin/mounts/${second.id}`);
      expect((await call('DELETE', `/api/s3-configs/${configId}`)).statusCode).toBe(200);
    });

    it('never leaves a mount on a deleted config when both happen at once', async () => {
      const configId = await givenStorage(ctx.t, ctx.token, 's3');
      const [mountRes, deleteRes] = await Promise.all([
        call('POST', '/api/admin/mounts', await body({ storage_config_id: configId })),
        call('DELETE', `/api/s3-configs/${configId}`),
      ]);
      const mounted = mountRes.statusCode === 201;
      const deleted = deleteRes.statusCode === 200;
      // One of the two wins; the other is refused for it.
      expect(mounted !== deleted).toBe(true);
      expect(mountRes.statusCode).toBe(mounted ? 201 : 400);
      expect(deleteRes.statusCode).toBe(deleted ? 200 : 409);
      const orphans = await ctx.t.database.db
        .selectFrom('mounts')
        .leftJoin('storage_configs', 'storage_configs.id', 'mounts.storage_config_id')
        .select('storage_configs.id as config')
        .execute();
      expect(orphans.filter((row) => row.config === null)).toEqual([]);
    });
  });
});
