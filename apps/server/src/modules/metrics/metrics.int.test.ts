import { randomBytes } from 'node:crypto';
import { APP_VERSION, type ApiKey, type FileDetail } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { listenForClients } from '../../../test/dav-clients.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { formBody, givenStorage } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { createJobRunner } from '../../jobs/job-runner.js';
import { EXPOSITION_CONTENT_TYPE } from './registry.js';

const METRICS_TOKEN = 'scrape-token-for-tests-0123456789';

/** The samples of an exposition by series (`name{labels}`), HELP/TYPE lines left out. */
function samples(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return map;
}

describe.each(DATABASE_KINDS)('GET /metrics on %s', (kind) => {
  const admin = useAdminApp(kind, { metricsToken: METRICS_TOKEN });

  async function scrape(): Promise<Map<string, number>> {
    const res = await admin.t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(METRICS_TOKEN),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(EXPOSITION_CONTENT_TYPE);
    return samples(res.body);
  }
  /** How much each series moved between two scrapes (absent before → from 0). */
  const moved = (before: Map<string, number>, after: Map<string, number>, series: string) =>
    (after.get(series) ?? 0) - (before.get(series) ?? 0);

  it('counts requests by route pattern and the bytes moved, exactly', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local');
    const before = await scrape();

    const content = 'héllo metrics\n'; // multi-byte: bytes, not characters, are counted
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(token),
      payload: { content, slug: 'metrics-paste' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/paste/metrics-paste' })).statusCode,
    ).toBe(200);
    const raw = await t.app.inject({ method: 'GET', url: '/api/raw/metrics-paste' });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.length).toBe(Buffer.byteLength(content));

    const data = randomBytes(70_001);
    const form = formBody([
      { name: 's3_config_id', value: configId },
      { name: 'slug', value: 'metrics-file' },
      { name: 'file', filename: 'm.bin', type: 'application/octet-stream', data },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json<{ data: FileDetail }>().data.size).toBe(data.length);
    const got = await t.app.inject({ method: 'GET', url: '/api/file-download/metrics-file' });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    // HEAD sends no body: nothing is counted for it.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/file-download/metrics-file' });
    expect(head.statusCode).toBe(200);

    const after = await scrape();
    const requests = (method: string, route: string, status: number) =>
      moved(
        before,
        after,
        `pasteport_http_requests_total{method="${method}",route="${route}",status="${status}"}`,
      );
    expect(requests('POST', '/api/paste', 201)).toBe(1);
    expect(requests('GET', '/api/paste/:slug', 200)).toBe(1);
    expect(requests('GET', '/api/raw/:slug', 200)).toBe(1);
    expect(requests('POST', '/api/upload', 201)).toBe(1);
    expect(requests('GET', '/api/file-download/:slug', 200)).toBe(1);
    expect(requests('HEAD', '/api/file-download/:slug', 200)).toBe(1);
    // The first scrape is counted once it is answered, the second not yet.
    expect(requests('GET', '/metrics', 200)).toBe(1);
    expect(
      moved(
        before,
        after,
        'pasteport_http_request_duration_seconds_count{method="POST",route="/api/upload"}',
      ),
    ).toBe(1);
    expect(
      moved(
        before,
        after,
        'pasteport_http_request_duration_seconds_bucket{method="POST",route="/api/upload",le="+Inf"}',
      ),
    ).toBe(1);
    // The whole multipart body came in; the file and the raw paste went out, nothing else.
    expect(moved(before, after, 'pasteport_upload_bytes_total')).toBe(form.payload.length);
    expect(moved(before, after, 'pasteport_download_bytes_total')).toBe(
      data.length + Buffer.byteLength(content),
    );
    // The paste read looked the paste cache up.
    const pasteLookups =
      moved(before, after, 'pasteport_cache_requests_total{cache="pastes",result="hit"}') +
      moved(before, after, 'pasteport_cache_requests_total{cache="pastes",result="miss"}');
    expect(pasteLookups).toBeGreaterThan(0);
    for (const cache of ['pastes', 'api-keys', 'fs-listings', 'fs-search', 'webdav-auth']) {
      expect(
        after.has(`pasteport_cache_requests_total{cache="${cache}",result="miss"}`),
        cache,
      ).toBe(true);
    }
  });

  it('paces the collector: one young-generation collection per 8 MiB streamed in or out', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local');
    // Over a real socket: the body arrives in the chunks a client's upload really comes in.
    const base = `http://127.0.0.1:${await listenForClients(t)}`;
    const before = await scrape();
    const data = randomBytes(16 * 1024 * 1024 + 1);
    const form = formBody([
      { name: 's3_config_id', value: configId },
      { name: 'slug', value: 'paced-file' },
      { name: 'file', filename: 'p.bin', type: 'application/octet-stream', data },
    ]);
    const upload = await fetch(`${base}/api/upload`, {
      method: 'POST',
      headers: { ...bearer(token), ...form.headers },
      body: form.payload,
    });
    expect(upload.status, await upload.text()).toBe(201);
    const got = await fetch(`${base}/api/file-download/paced-file`);
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
    const after = await scrape();
    // Just over 32 MiB moved: four collections, five when the last count had a rest left over.
    const runs = moved(before, after, 'pasteport_paced_collections_total');
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(runs).toBeLessThanOrEqual(5);
  });

  it('reports tasks, the database pool, the process and the build', async () => {
    const text = await scrape();
    expect(text.get('pasteport_tasks_active')).toBe(0);
    expect(text.get(`pasteport_build_info{version="${APP_VERSION}"}`)).toBe(1);
    expect(text.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text.get('nodejs_heap_used_bytes')).toBeGreaterThan(0);
    const started = text.get('process_start_time_seconds') ?? 0;
    expect(started).toBeGreaterThan(1_600_000_000);
    expect(started).toBeLessThanOrEqual(Date.now() / 1000);
    if (kind === 'sqlite') {
      expect(text.get('pasteport_db_pool_connections')).toBe(1);
      expect(text.has('pasteport_db_pool_idle_connections')).toBe(false);
    } else {
      expect(text.get('pasteport_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(text.get('pasteport_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(text.get('pasteport_db_pool_waiting_clients')).toBe(0);
    }
  });

  it('counts job runs by outcome through the runner hook', async () => {
    const { t } = admin;
    const runner = createJobRunner({
      leases: t.root.jobLeases,
      clock: t.root.clock,
      logger: { info: () => undefined, error: () => undefined },
      onRun: t.root.metrics.jobRun,
      jobs: [
        { id: 'metrics-ok', everyMs: 60_000, leaseMs: 60_000, run: () => Promise.resolve({}) },
        {
          id: 'metrics-broken',
          everyMs: 60_000,
          leaseMs: 60_000,
          run: () => Promise.reject(new Error('broken')),
        },
      ],
    });
    expect(await runner.runDue()).toEqual(['metrics-ok', 'metrics-broken']);
    // Not due again: no run, nothing counted.
    expect(await runner.runDue()).toEqual([]);
    const text = await scrape();
    expect(text.get('pasteport_job_runs_total{job="metrics-ok",outcome="success"}')).toBe(1);
    expect(text.get('pasteport_job_runs_total{job="metrics-broken",outcome="failure"}')).toBe(1);
    expect(text.has('pasteport_job_runs_total{job="metrics-ok",outcome="failure"}')).toBe(false);
  });

  it('is readable by the admin and the metrics token only; a refused key is not even touched', async () => {
    const { t, token } = admin;
    const key = await givenApiKey(t, token, { text: true, file: true, mount: true });
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers });
    expect((await get(bearer(token))).statusCode).toBe(200);
    expect((await get(bearer(METRICS_TOKEN))).statusCode).toBe(200);

    const refusals: [Record<string, string>, number, string][] = [
      [{}, 401, 'UNAUTHORIZED'],
      [apiKey(key.key), 403, 'ADMIN_ONLY'],
      [bearer(`${METRICS_TOKEN}x`), 401, 'SESSION_INVALID'],
      [bearer(METRICS_TOKEN.slice(0, -1)), 401, 'SESSION_INVALID'],
      [bearer(key.key), 401, 'SESSION_INVALID'],
      [
        { authorization: `Basic ${Buffer.from(`admin:${METRICS_TOKEN}`).toString('base64')}` },
        401,
        'UNAUTHORIZED',
      ],
      [{ authorization: `Bearer ${METRICS_TOKEN} extra` }, 401, 'UNAUTHORIZED'],
    ];
    for (const [headers, status, error] of refusals) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(status);
      expect(res.json(), JSON.stringify(headers)).toMatchObject({ success: false, error });
      expect(res.body).not.toContain('pasteport_');
    }
    // The key presented to /metrics was refused unread: its last use is still "never".
    const keys = await t.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: bearer(token),
    });
    const listed = keys.json<{ data: ApiKey[] }>().data.find((k) => k.id === key.id);
    expect(listed?.last_used_at).toBeNull();
  });

  it('never takes a label from the URL: patterns for matched routes, "unmatched" for the rest', async () => {
    const { t } = admin;
    const secret = randomBytes(12).toString('hex');
    const urls = [
      `/api/paste/${secret}`,
      `/api/${secret}`,
      `/${secret}`,
      `/api/paste/${secret}%22%0A%7D`,
      `/metrics/${secret}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(METRICS_TOKEN),
    });
    expect(res.body).not.toContain(secret);
    const text = samples(res.body);
    expect(
      text.get('pasteport_http_requests_total{method="GET",route="/api/paste/:slug",status="404"}'),
    ).toBe(2);
    expect(
      text.get('pasteport_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBe(3);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const admin = useAdminApp('sqlite');

  it("is the admin's alone: no Bearer token opens it", async () => {
    const { t, token } = admin;
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(METRICS_TOKEN),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'SESSION_INVALID' });
  });
});
