// File transfer scenarios: a direct (form) upload and a proxied download of the same file,
// timed against a bare node:http stream of it in the same run, and the server's peak RSS.
import { spawn } from 'node:child_process';
import { randomFillSync, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { freePort } from '../apps/server/test/free-port.js';
import { memoryOf, REPO_ROOT, startPasteport, type BenchTarget } from './processes.js';

const MiB = 1024 * 1024;

export interface TransferResult {
  sizeMb: number;
  uploadMBps: number;
  uploadBaselineMBps: number;
  /** The baseline without its fsync: how fast the page cache takes it (comparison only). */
  uploadPageCacheMBps: number;
  downloadMBps: number;
  downloadBaselineMBps: number;
  peakRssMb: number;
}

/** A file of `bytes` incompressible bytes (one random MiB repeated: the content is irrelevant). */
export async function makeFile(
  dir: string,
  bytes: number,
  name = `payload-${bytes}.bin`,
): Promise<string> {
  const file = path.join(dir, name);
  const block = randomFillSync(Buffer.alloc(MiB));
  const chunks = (function* () {
    for (let sent = 0; sent < bytes; sent += MiB)
      yield block.subarray(0, Math.min(MiB, bytes - sent));
  })();
  await pipeline(Readable.from(chunks), createWriteStream(file));
  return file;
}

/** Streams `file` as the body of a request (optionally framed as a multipart form); seconds. */
export function timedUpload(
  url: string,
  file: string,
  size: number,
  headers: Record<string, string>,
  form?: { head: Buffer; tail: Buffer },
  method = 'POST',
): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const length = size + (form ? form.head.length + form.tail.length : 0);
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': String(length) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 300) reject(new Error(`upload answered ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e9);
      });
    });
    req.on('error', reject);
    if (form) req.write(form.head);
    const body = createReadStream(file);
    body.pipe(req, { end: false });
    body.on('end', () => req.end(form?.tail));
    body.on('error', reject);
  });
}

/** Downloads a URL, discarding the bytes; seconds, after checking the byte count (if known). */
export function timedDownload(url: string, size: number | null): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('end', () => {
          if (size !== null && received !== size)
            reject(new Error(`downloaded ${received} of ${size} bytes`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e9);
        });
      })
      .on('error', reject);
  });
}

/** The bare stream baseline serving `file` (or `files`, one after another) and sinking to `sink`. */
export async function startStreamBaseline(
  file: string,
  sink: string,
  files: string[] = [],
): Promise<BenchTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/stream-baseline-server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      BASELINE_FILE: file,
      BASELINE_SINK: sink,
      BASELINE_FILES: JSON.stringify(files),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('stream baseline exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function json<T>(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * One fresh server per size, so its peak RSS (VmHWM) belongs to that size alone: `rounds`
 * uploads and downloads, alternating with the baseline; medians of the throughputs.
 */
export async function measureTransfers(
  sizeBytes: number,
  admin: { username: string; password: string },
  rounds = 5,
): Promise<TransferResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pp-transfer-'));
  const server = await startPasteport(await freePort(), {
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
  const file = await makeFile(dir, sizeBytes);
  const baseline = await startStreamBaseline(file, path.join(dir, 'sink.bin'));
  try {
    const { token } = await json<{ token: string }>(`${server.url}/api/admin/login`, 'POST', admin);
    const auth = { authorization: `Bearer ${token}` };
    await json(`${server.url}/api/admin/system-settings`, 'PUT', { max_upload_size: 4096 }, auth);
    const boundary = `----bench${randomUUID()}`;
    const form = (slug: string) => ({
      head: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="slug"\r\n\r\n${slug}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payload.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    });
    const up: number[] = [];
    const upBase: number[] = [];
    const upCache: number[] = [];
    const down: number[] = [];
    const downBase: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const slug = `bench-${round}`;
      upBase.push(await timedUpload(`${baseline.url}/`, file, sizeBytes, {}));
      upCache.push(await timedUpload(`${baseline.url}/?cache`, file, sizeBytes, {}));
      up.push(
        await timedUpload(
          `${server.url}/api/upload`,
          file,
          sizeBytes,
          { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          form(slug),
        ),
      );
      downBase.push(await timedDownload(`${baseline.url}/`, sizeBytes));
      down.push(await timedDownload(`${server.url}/api/file-download/${slug}`, sizeBytes));
    }
    const mb = sizeBytes / MiB;
    const result = {
      sizeMb: mb,
      uploadMBps: mb / median(up),
      uploadBaselineMBps: mb / median(upBase),
      uploadPageCacheMBps: mb / median(upCache),
      downloadMBps: mb / median(down),
      downloadBaselineMBps: mb / median(downBase),
      peakRssMb: memoryOf(server.pid).peakMb,
    };
    return result;
  } finally {
    await baseline.stop();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
