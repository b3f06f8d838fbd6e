import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveArguments } from '../apps/server/test/serve-command.js';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface BenchTarget {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Resident and peak memory of a process, in MB, from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * The CPU the servers run on when a run is pinned (`taskset`), and the CPUs left to the load
 * generator: the figures we compare with (CloudPaste 0.7) were measured with the server on one
 * core, so a pinned run compares like for like.
 */
export const SERVER_CPU = 0;

/** `node args…`, or `taskset -c cpu node args…` when pinned. */
function nodeCommand(args: string[], cpu: number | undefined): [string, string[]] {
  return cpu === undefined
    ? [process.execPath, args]
    : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
}

/**
 * Keeps this process (the load generator) off the server's CPU while pinned runs go on, or
 * gives it every CPU again; a one-CPU machine cannot be pinned at all.
 */
export function pinLoadGenerator(pinned: boolean): void {
  const cpus = os.cpus().length;
  if (cpus < 2) throw new Error('a pinned run needs at least two CPUs');
  const list = pinned ? `${SERVER_CPU + 1}-${cpus - 1}` : `0-${cpus - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Polls the health route until it answers 200 (true), 200 tries pass (false) or the process dies. */
async function answersHealth(url: string, child: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('the Pasteport server exited during start');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** The built Pasteport server, as `npm run serve` starts it, on a temp data dir. */
export async function startPasteport(
  port: number,
  extraEnv: Record<string, string> = {},
  cpu?: number,
): Promise<BenchTarget> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-bench-'));
  const [command, args] = nodeCommand(serveArguments(), cpu);
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    if (!(await answersHealth(url, child)))
      throw new Error('the Pasteport server did not answer /api/health after 200 tries');
  } catch (error) {
    await stop(child);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare node:http baseline answering `body` with `headers`. */
export async function startBaseline(
  body: string,
  headers: Record<string, string>,
  cpu?: number,
): Promise<BenchTarget> {
  const [command, args] = nodeCommand(['--import', 'tsx', 'bench/baseline-server.ts'], cpu);
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, BASELINE_BODY: body, BASELINE_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', () => reject(new Error('baseline server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => stop(child) };
}
