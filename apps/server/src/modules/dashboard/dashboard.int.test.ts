import { randomUUID } from 'node:crypto';
import type { DashboardStats } from '@pasteport/contract';
import { dashboardStatsSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

const DAY_MS = 86_400_000;
const STATS_URL = '/api/admin/dashboard/stats';

async function createPaste(t: TestApp, token: string, content = 'hello'): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/paste',
    headers: bearer(token),
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
}

/** A file row as the upload flow leaves it (the dashboard only reads the table). */
async function givenFile(
  t: TestApp,
  file: { size: number; status?: 'ready' | 'pending'; storage?: string; createdAt?: string },
): Promise<void> {
  const id = randomUUID();
  const stamp = file.createdAt ?? new Date().toISOString();
  const storage =
    file.storage ??
    (
      await t.database.db
        .selectFrom('storage_configs')
        .select('id')
        .where('is_default', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
  await t.database.db
    .insertInto('files')
    .values({
      id,
      slug: id.slice(0, 8),
      slug_key: id.slice(0, 8),
      filename: 'report.pdf',
      size: file.size,
      mimetype: 'application/pdf',
      remark: null,
      password_hash: null,
      expires_at: null,
      max_views: 0,
      views: 0,
      access_mode: 'proxy',
      storage_config_id: storage,
      storage_path: `uploads/${id}`,
      etag: null,
      status: file.status ?? 'ready',
      upload_id: null,
      part_size: null,
      created_by: 'admin',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

/** A second storage configuration (the API for them comes with the storage module). */
async function givenStorageConfig(
  t: TestApp,
  config: { name: string; quota: number | null; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('storage_configs')
    .values({
      id,
      name: config.name,
      driver: 's3',
      provider_type: 'Cloudflare R2',
      options: '{}',
      is_default: 0,
      allow_api_keys: 1,
      quota_bytes: config.quota,
      created_at: config.createdAt,
      updated_at: config.createdAt,
    })
    .execute();
  return id;
}

describe.each(DATABASE_KINDS)('dashboard stats on %s', (kind) => {
  const clock = movableClock(new Date('2026-05-20T12:00:00.000Z'));
  // The session must outlive the days these tests move the clock across.
  const ctx = useAdminApp(kind, { clock, sessionTtlMs: 60 * DAY_MS });
  const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());

  async function stats(): Promise<DashboardStats> {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: STATS_URL,
      headers: bearer(ctx.token),
    });
    expect(res.statusCode).toBe(200);
    return dashboardStatsSchema.parse(res.json<{ data: unknown }>().data);
  }

  it('counts pastes, ready files, API keys and storage configurations exactly', async () => {
    expect((await stats()).counts).toEqual({
      pastes: 0,
      files: 0,
      api_keys: 0,
      storage_configs: 1,
    });
    for (let i = 0; i < 3; i++) await createPaste(ctx.t, ctx.token, `paste ${i}`);
    await givenApiKey(ctx.t, ctx.token, { name: 'one' });
    await givenApiKey(ctx.t, ctx.token, { name: 'two' });
    await givenStorageConfig(ctx.t, {
      name: 'r2',
      quota: null,
      createdAt: clock.now().toISOString(),
    });
    await givenFile(ctx.t, { size: 10 });
    await givenFile(ctx.t, { size: 20 });
    await givenFile(ctx.t, { size: 30, status: 'pending' });

    expect((await stats()).counts).toEqual({
      pastes: 3,
      files: 2,
      api_keys: 2,
      storage_configs: 2,
    });
  });

  it('buckets the last seven UTC days, oldest first, with zero days and exact day edges', async () => {
    moveTo('2026-05-20T23:59:59.999Z'); // the last instant before the window opens
    await createPaste(ctx.t, ctx.token, 'too old');
    moveTo('2026-05-21T00:00:00.000Z'); // the first instant of the first day
    await createPaste(ctx.t, ctx.token, 'first day');
    await createPaste(ctx.t, ctx.token, 'first day too');
    moveTo('2026-05-23T05:00:00.000Z');
    await createPaste(ctx.t, ctx.token, 'third day');
    moveTo('2026-05-27T23:59:00.000Z'); // "today"
    await createPaste(ctx.t, ctx.token, 'today');
    await givenFile(ctx.t, { size: 1, createdAt: '2026-05-22T23:59:59.999Z' });
    await givenFile(ctx.t, { size: 1, createdAt: '2026-05-27T00:00:00.000Z' });
    await givenFile(ctx.t, { size: 1, createdAt: '2026-05-27T08:00:00.000Z' });
    // Not counted: still uploading, before the window, after today.
    await givenFile(ctx.t, { size: 1, status: 'pending', createdAt: '2026-05-27T09:00:00.000Z' });
    await givenFile(ctx.t, { size: 1, createdAt: '2026-05-20T23:59:59.999Z' });
    await givenFile(ctx.t, { size: 1, createdAt: '2026-05-28T00:00:00.000Z' });

    expect((await stats()).daily).toEqual([
      { date: '2026-05-21', pastes: 2, files: 0 },
      { date: '2026-05-22', pastes: 0, files: 1 },
      { date: '2026-05-23', pastes: 1, files: 0 },
      { date: '2026-05-24', pastes: 0, files: 0 },
      { date: '2026-05-25', pastes: 0, files: 0 },
      { date: '2026-05-26', pastes: 0, files: 0 },
      { date: '2026-05-27', pastes: 1, files: 2 },
    ]);

    moveTo('2026-05-28T00:00:00.000Z'); // the window moves by one day
    const moved = (await stats()).daily;
    expect(moved.map((day) => day.date)).toEqual([
      '2026-05-22',
      '2026-05-23',
      '2026-05-24',
      '2026-05-25',
      '2026-05-26',
      '2026-05-27',
      '2026-05-28',
    ]);
    expect(moved[0]).toEqual({ date: '2026-05-22', pastes: 0, files: 1 });
    expect(moved[6]).toEqual({ date: '2026-05-28', pastes: 0, files: 1 });
  });

  it('reports storage used against each quota, pending uploads reserving their size', async () => {
    const quoted = await givenStorageConfig(ctx.t, {
      name: 'quota 1 KB',
      quota: 1000,
      createdAt: '2000-01-01T00:00:00.000Z', // older than the default: the default still leads
    });
    const empty = await givenStorageConfig(ctx.t, {
      name: 'empty',
      quota: 10,
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    await givenFile(ctx.t, { size: 300, storage: quoted });
    await givenFile(ctx.t, { size: 200, storage: quoted, status: 'pending' });
    // Beyond 2^32: sizes are bigint on PostgreSQL and must come back as exact numbers.
    await givenFile(ctx.t, { size: 5 * 1024 ** 3 });
    await givenFile(ctx.t, { size: 7 });

    const defaultConfig = await ctx.t.database.db
      .selectFrom('storage_configs')
      .select(['id', 'name', 'provider_type'])
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    const { storage, counts } = await stats();
    expect(counts.files).toBe(3);
    expect(storage).toEqual([
      {
        id: defaultConfig.id,
        name: defaultConfig.name,
        provider_type: defaultConfig.provider_type,
        used_bytes: 5 * 1024 ** 3 + 7,
        quota_bytes: null,
        file_count: 2,
      },
      {
        id: quoted,
        name: 'quota 1 KB',
        provider_type: 'Cloudflare R2',
        used_bytes: 500,
        quota_bytes: 1000,
        file_count: 1,
      },
      {
        id: empty,
        name: 'empty',
        provider_type: 'Cloudflare R2',
        used_bytes: 0,
        quota_bytes: 10,
        file_count: 0,
      },
    ]);
  });

  it('answers only the admin: 401 for a guest, 403 for an API key', async () => {
    const key = await givenApiKey(ctx.t, ctx.token, { text: true, file: true, mount: true });
    const guest = await ctx.t.app.inject({ method: 'GET', url: STATS_URL });
    expect(guest.statusCode).toBe(401);
    const keyed = await ctx.t.app.inject({
      method: 'GET',
      url: STATS_URL,
      headers: apiKey(key.key),
    });
    expect(keyed.statusCode).toBe(403);
    expect(keyed.json<{ error: string }>().error).toBe('ADMIN_ONLY');
  });
});
