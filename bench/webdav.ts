// The WebDAV benches (issue: WebDAV): a 1 GiB PUT and GET through /dav against the fs API's
// upload and download of the same file in the same run, PROPFIND Depth 1 on a 10,000-entry
// folder, and small authenticated GETs with Basic credentials against the same with an API key
// (Basic pays for a password hash unless the remembered credentials work). Local disk only.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/free-port.js';
import { memoryOf, startPasteport } from './processes.js';
import { requestsPerSecond } from './scenarios.js';
import { json, makeFile, timedUpload } from './transfers.js';

const MiB = 1024 * 1024;
export const DAV_FILE_BYTES = 1024 * MiB;
export const PROPFIND_ENTRIES = 10_000;
const ROUNDS = 3;

export interface WebdavBenchResult {
  put: { davMBps: number; fsMBps: number };
  get: { davMBps: number; fsMBps: number };
  propfind: { entries: number; ms: number; fsListMs: number };
  smallGets: { basicRps: number; apiKeyRps: number };
  peakRssMb: number;
  /** The server's peak RSS (VmHWM) after each phase, to tell which one costs memory. */
  peakAfter: { startMb: number; transfersMb: number; propfindMb: number; smallGetsMb: number };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A request whose answer is read to its last byte; milliseconds and the bytes received. */
function timedReceive(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; status: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          bytes,
          status: res.statusCode ?? 0,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureWebdav(admin: {
  username: string;
  password: string;
}): Promise<WebdavBenchResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-dav-bench-'));
  const work = await mkdtemp(path.join(os.tmpdir(), 'pp-dav-bench-files-'));
  const env = { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, DATA_DIR: dataDir };
  const server = await startPasteport(await freePort(), env);
  try {
    const { token } = await json<{ token: string }>(`${server.url}/api/admin/login`, 'POST', admin);
    const auth = { authorization: `Bearer ${token}` };
    const basic = {
      authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`,
    };
    await json(`${server.url}/api/admin/system-settings`, 'PUT', { max_upload_size: 4096 }, auth);
    const configs = (await (
      await fetch(`${server.url}/api/s3-configs?limit=100`, { headers: auth })
    ).json()) as { data: { id: string; root_path: string }[] };
    const local = configs.data[0]!;
    await json(`${server.url}/api/s3-configs/${local.id}`, 'PUT', { allow_api_keys: true }, auth);
    await json(
      `${server.url}/api/admin/mounts`,
      'POST',
      { name: 'files', mount_path: '/files', storage_config_id: local.id, cache_ttl: 0 },
      auth,
    );
    const key = await json<{ key: string }>(
      `${server.url}/api/admin/api-keys`,
      'POST',
      {
        name: 'dav bench',
        expires_at: null,
        text_permission: false,
        file_permission: false,
        mount_permission: true,
        basic_path: '/',
      },
      auth,
    );

    const startMb = memoryOf(server.pid).peakMb;
    // 1 GiB through both doors, alternating, each round a fresh name.
    const file = await makeFile(work, DAV_FILE_BYTES);
    const boundary = `----bench${randomUUID()}`;
    const form = (name: string) => ({
      head: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/files/\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    });
    const davPut: number[] = [];
    const fsPut: number[] = [];
    const davGet: number[] = [];
    const fsGet: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const fsName = `fs-${round}.bin`;
      const davName = `dav-${round}.bin`;
      // Which door goes first alternates: the page cache's writeback of one 1 GiB file slows
      // whichever write follows it.
      const uploads = [
        async () =>
          fsPut.push(
            await timedUpload(
              `${server.url}/api/fs/upload`,
              file,
              DAV_FILE_BYTES,
              { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
              form(fsName),
            ),
          ),
        async () =>
          davPut.push(
            await timedUpload(
              `${server.url}/dav/files/${davName}`,
              file,
              DAV_FILE_BYTES,
              basic,
              undefined,
              'PUT',
            ),
          ),
      ];
      for (const upload of round % 2 === 0 ? uploads : uploads.reverse()) await upload();
      const fsDown = await timedReceive(
        `${server.url}/api/fs/download?path=${encodeURIComponent(`/files/${fsName}`)}`,
        'GET',
        auth,
      );
      const davDown = await timedReceive(`${server.url}/dav/files/${davName}`, 'GET', basic);
      for (const down of [fsDown, davDown]) {
        if (down.bytes !== DAV_FILE_BYTES) throw new Error(`downloaded ${down.bytes} bytes`);
      }
      fsGet.push(fsDown.ms / 1000);
      davGet.push(davDown.ms / 1000);
    }

    const transfersMb = memoryOf(server.pid).peakMb;
    // A folder of 10,000 entries, written straight to disk (the mount shows the storage root).
    // The default storage's root is relative to DATA_DIR when not set.
    const root = path.resolve(dataDir, local.root_path ?? 'storage');
    const folder = path.join(root, 'big');
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < PROPFIND_ENTRIES; i++) {
      writeFileSync(path.join(folder, `entry-${String(i).padStart(5, '0')}.txt`), `entry ${i}`);
    }
    const propfinds: number[] = [];
    const lists: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answer = await timedReceive(`${server.url}/dav/files/big/`, 'PROPFIND', {
        ...basic,
        depth: '1',
      });
      if (answer.status !== 207) throw new Error(`PROPFIND answered ${answer.status}`);
      propfinds.push(answer.ms);
      let ms = 0;
      let cursor: string | null = null;
      do {
        const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const started = process.hrtime.bigint();
        const res = await fetch(`${server.url}/api/fs/list?path=/files/big&limit=5000${query}`, {
          headers: auth,
        });
        const page = (await res.json()) as { data: { next_cursor: string | null } };
        ms += Number(process.hrtime.bigint() - started) / 1e6;
        cursor = page.data.next_cursor;
      } while (cursor);
      lists.push(ms);
    }

    const propfindMb = memoryOf(server.pid).peakMb;
    // Small authenticated GETs: Basic (admin password) against ApiKey.
    writeFileSync(path.join(root, 'small.txt'), 'hello from WebDAV');
    const small = { name: 'dav small get', path: '/dav/files/small.txt' };
    const basicRps = await requestsPerSecond(server.url, { ...small, headers: basic });
    const apiKeyRps = await requestsPerSecond(server.url, {
      ...small,
      headers: { authorization: `ApiKey ${key.key}` },
    });

    const mb = DAV_FILE_BYTES / MiB;
    return {
      put: { davMBps: mb / median(davPut), fsMBps: mb / median(fsPut) },
      get: { davMBps: mb / median(davGet), fsMBps: mb / median(fsGet) },
      propfind: { entries: PROPFIND_ENTRIES, ms: median(propfinds), fsListMs: median(lists) },
      smallGets: { basicRps, apiKeyRps },
      peakRssMb: memoryOf(server.pid).peakMb,
      peakAfter: { startMb, transfersMb, propfindMb, smallGetsMb: memoryOf(server.pid).peakMb },
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  }
}

export function webdavGoals(r: WebdavBenchResult): { name: string; met: boolean }[] {
  return [
    {
      name: 'WebDAV 1 GiB PUT ≥ 90 % of the fs API upload',
      met: r.put.davMBps / r.put.fsMBps >= 0.9,
    },
    {
      name: 'WebDAV 1 GiB GET ≥ 90 % of the fs API download',
      met: r.get.davMBps / r.get.fsMBps >= 0.9,
    },
    {
      name: 'server peak RSS through the WebDAV 1 GiB transfers < 150 MB',
      met: r.peakAfter.transfersMb < 150,
    },
    {
      name: 'WebDAV small GETs with Basic ≥ 80 % of the same with ApiKey',
      met: r.smallGets.basicRps / r.smallGets.apiKeyRps >= 0.8,
    },
  ];
}

/** Lines of the goal list that are this bench's (replaced on a BENCH_ONLY=webdav run). */
export const WEBDAV_GOAL_MARK = /^- (met|MISSED): (WebDAV|server peak RSS through the WebDAV)/;

export function webdavMarkdown(r: WebdavBenchResult): string[] {
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
  return [
    '## WebDAV',
    '',
    'One server on SQLite with a local-disk mount (`bench/webdav.ts`, `BENCH_ONLY=webdav npm run',
    'bench` runs it alone). Transfers alternate WebDAV and the fs API in the same run, medians of',
    `${ROUNDS} rounds.`,
    '',
    `- **PUT** of 1 GiB: ${r.put.davMBps.toFixed(0)} MB/s through \`/dav\` against ${r.put.fsMBps.toFixed(0)} MB/s for`,
    `  \`POST /api/fs/upload\` (${ratio(r.put.davMBps, r.put.fsMBps)}; goal ≥ 90 %).`,
    `- **GET** of 1 GiB: ${r.get.davMBps.toFixed(0)} MB/s against ${r.get.fsMBps.toFixed(0)} MB/s for`,
    `  \`GET /api/fs/download\` (${ratio(r.get.davMBps, r.get.fsMBps)}; goal ≥ 90 %).`,
    `- **PROPFIND** Depth 1 of a folder of ${r.propfind.entries.toLocaleString('en')} entries, time to the last`,
    `  byte: ${r.propfind.ms.toFixed(0)} ms (the fs API lists the same folder in ${r.propfind.fsListMs.toFixed(0)} ms, two`,
    '  pages of 5,000).',
    `- **Small GETs** with Basic (the administrator's password): ${r.smallGets.basicRps.toFixed(0)} requests/s`,
    `  against ${r.smallGets.apiKeyRps.toFixed(0)} with \`ApiKey\` (${ratio(r.smallGets.basicRps, r.smallGets.apiKeyRps)}; goal ≥ 80 %: verified`,
    '  credentials are remembered, so the password hash runs once, not per request).',
    `- **Server peak RSS** (VmHWM): ${r.peakAfter.startMb.toFixed(1)} MB before the first transfer (start, login's`,
    `  argon2id), ${r.peakAfter.transfersMb.toFixed(1)} MB after the 1 GiB transfers of both doors (goal < 150 MB; the first`,
    "  Basic request's argon2id is in it; the chunk buffers are collected every 8 MiB:",
    `  docs/decisions/0018-paced-garbage-collection.md), ${r.peakAfter.propfindMb.toFixed(1)} MB after the`,
    `  PROPFINDs (garbage of 7 MB answers the collector has not yet taken back), ${r.peakRssMb.toFixed(1)} MB at the end.`,
    '',
  ];
}
