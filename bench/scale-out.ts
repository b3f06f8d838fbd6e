// The scale-out bench: paste reads and small uploads against one Pasteport instance and against
// two on the same PostgreSQL database (SQLite is one instance only), the load split round-robin
// between them (one autocannon per instance, half the connections each). Both instances store
// uploads in one local folder, as a shared volume would be.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/free-port.js';
import { createTestDatabase, startPostgres } from '../apps/server/test/postgres.js';
import { startPasteport, type BenchTarget } from './processes.js';
import { CONNECTIONS, median, requestsPerSecond, type Scenario } from './scenarios.js';

const ROUNDS = 3;
const UPLOAD_BYTES = 4 * 1024;

/** Requests per second on one instance and on two, medians of ROUNDS runs. */
interface Rates {
  one: number;
  two: number;
}

export interface ScaleOutResult {
  pasteReads: Rates;
  smallUploads: Rates;
  cpus: number;
}

/** Lines of the goal list that are this bench's (replaced on a BENCH_ONLY=scale-out run). */
export const SCALE_OUT_GOAL_MARK = /^- (met|MISSED): two instances/;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A form upload body of one small file (no slug: every request makes a new file). */
function uploadScenario(key: string): Scenario {
  const boundary = `----pasteport-bench-${randomUUID()}`;
  const body = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="small.txt"\r\n`,
    `Content-Type: text/plain\r\n\r\n${'x'.repeat(UPLOAD_BYTES)}\r\n--${boundary}--\r\n`,
  ].join('');
  return {
    name: 'POST /api/upload (4 KiB)',
    path: '/api/upload',
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `ApiKey ${key}`,
    },
    body,
  };
}

/** Requests per second on one instance, or the sum over instances sharing the connections. */
async function rate(targets: BenchTarget[], scenario: Scenario): Promise<number> {
  const share = Math.max(1, Math.floor(CONNECTIONS / targets.length));
  const rates = await Promise.all(
    targets.map((target) => requestsPerSecond(target.url, scenario, share)),
  );
  return rates.reduce((sum, value) => sum + value, 0);
}

export async function measureScaleOut(admin: {
  username: string;
  password: string;
}): Promise<ScaleOutResult> {
  const postgres = await startPostgres();
  const shared = await mkdtemp(path.join(os.tmpdir(), 'pp-bench-shared-'));
  const started: BenchTarget[] = [];
  try {
    const database = await createTestDatabase(postgres.url);
    const env = {
      DATABASE_URL: database.url,
      APP_SECRET: randomUUID() + randomUUID(),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    };
    // One after the other: the first migrates and creates the administrator.
    started.push(await startPasteport(await freePort(), env));
    started.push(await startPasteport(await freePort(), env));
    const [first] = started as [BenchTarget, BenchTarget];
    const { token } = await post<{ token: string }>(`${first.url}/api/admin/login`, admin);
    const auth = { authorization: `Bearer ${token}` };
    const storage = await post<{ id: string }>(
      `${first.url}/api/s3-configs`,
      { name: 'shared volume', provider_type: 'local', root_path: shared, allow_api_keys: true },
      auth,
    );
    const setDefault = await fetch(`${first.url}/api/s3-configs/${storage.id}/set-default`, {
      method: 'PUT',
      headers: auth,
    });
    if (!setDefault.ok) throw new Error(`set-default: ${setDefault.status}`);
    const { key } = await post<{ key: string }>(
      `${first.url}/api/admin/api-keys`,
      { name: 'bench', expires_at: null, text_permission: true, file_permission: true },
      auth,
    );
    const { slug } = await post<{ slug: string }>(
      `${first.url}/api/paste`,
      { content: '# Benchmark paste\n\nSome *Markdown* with `code`.\n' },
      { authorization: `ApiKey ${key}` },
    );
    const read: Scenario = { name: 'GET /api/paste/{slug}', path: `/api/paste/${slug}` };
    const upload = uploadScenario(key);

    const one = started.slice(0, 1);
    const reads = { one: [] as number[], two: [] as number[] };
    const uploads = { one: [] as number[], two: [] as number[] };
    // Alternating rounds, so machine noise hits both setups alike.
    for (let round = 0; round < ROUNDS; round++) {
      reads.one.push(await rate(one, read));
      reads.two.push(await rate(started, read));
      uploads.one.push(await rate(one, upload));
      uploads.two.push(await rate(started, upload));
    }
    await database.drop().catch(() => undefined);
    return {
      pasteReads: { one: median(reads.one), two: median(reads.two) },
      smallUploads: { one: median(uploads.one), two: median(uploads.two) },
      cpus: os.cpus().length,
    };
  } finally {
    await Promise.all(started.map((target) => target.stop()));
    await postgres.stop();
    await rm(shared, { recursive: true, force: true });
  }
}

/**
 * Two instances are worth running only if they serve more than one: on a machine with at
 * least four cores (two servers, PostgreSQL and the load generator), reads should gain 30 %.
 * With fewer cores the figures are reported without a goal.
 */
export function scaleOutGoals(result: ScaleOutResult): { name: string; met: boolean }[] {
  if (result.cpus < 4) return [];
  return [
    {
      name: 'two instances serve ≥ 1.3 × the paste reads of one (PostgreSQL)',
      met: result.pasteReads.two >= 1.3 * result.pasteReads.one,
    },
  ];
}

/** Two instances' rate as a multiple of one's. */
const gain = (r: Rates) => (r.two / Math.max(r.one, 1)).toFixed(2);

export function scaleOutMarkdown(result: ScaleOutResult): string[] {
  const row = (name: string, r: Rates) =>
    `| ${name} | ${r.one.toFixed(0)} | ${r.two.toFixed(0)} | ${gain(r)} × |`;
  return [
    '## Scale-out',
    '',
    'One instance against two on one PostgreSQL database (`bench/scale-out.ts`,',
    '`BENCH_ONLY=scale-out npm run bench` runs it alone): the same connections, all on one',
    'instance or split between two (one load generator per instance), uploads into one shared',
    `local folder. ${ROUNDS} alternating rounds, medians; ${result.cpus} CPUs shared by the servers,`,
    'PostgreSQL and the load generator.',
    '',
    '| scenario | 1 instance req/s | 2 instances req/s | gain |',
    '|---|---:|---:|---:|',
    row('GET /api/paste/{slug}', result.pasteReads),
    row(`POST /api/upload (${UPLOAD_BYTES / 1024} KiB, API key)`, result.smallUploads),
    '',
    ...(result.cpus < 4 ? sharedCoresReading(result) : []),
  ];
}

/** Below four cores the two instances share the CPUs the one had: say what that measures. */
function sharedCoresReading(result: ScaleOutResult): string[] {
  return [
    `On ${result.cpus} cores the two instances share the CPUs the one had, so the ratio measures what`,
    'running several instances costs, not what more machines gain',
    `(reads ${gain(result.pasteReads)} ×, uploads ${gain(result.smallUploads)} ×). Cache invalidation over`,
    'LISTEN/NOTIFY, counted views as one conditional update and sessions in the database add no',
    'per-request work when a second instance joins.',
    '',
  ];
}
