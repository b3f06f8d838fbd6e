import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serveArguments } from '../../server/test/serve-command.js';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The built Pasteport server running on a temp data dir and a random port. */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server exactly as `npm run serve` does, on PORT=0: the system
 * picks a free port and the server logs the one it bound, so no other process can answer in
 * its place (a port chosen in advance could be taken in between).
 */
export async function startBuiltServer(
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-'));
  const child = spawn(process.execPath, serveArguments(), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await readyUrl(child);
  const health = await fetch(`${baseUrl}/api/health`);
  if (!health.ok)
    throw new Error(`server at ${baseUrl} answered /api/health with ${health.status}`);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the server's log (JSON lines) until it says where it is ready; warnings pass through. */
function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    // Only a hang: a busy machine may start slowly, and an exit is reported at once below.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('server did not report ready within 5 min'));
    }, 300_000);
    const lines = createInterface({ input: child.stdout! });
    let ready = false;
    lines.on('line', (line) => {
      let entry: { level?: number; msg?: string };
      try {
        entry = JSON.parse(line) as { level?: number; msg?: string };
      } catch {
        process.stdout.write(`${line}\n`);
        return;
      }
      const match = /ready at (http:\/\/\S+)/.exec(entry.msg ?? '');
      if (!ready && match?.[1]) {
        ready = true;
        clearTimeout(timer);
        resolve(match[1]);
      } else if ((entry.level ?? 0) >= 40) {
        // Warnings and errors stay visible, as with LOG_LEVEL=warn before.
        process.stdout.write(`${line}\n`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited with code ${code} before it was ready`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
