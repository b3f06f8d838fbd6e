import { createLogger } from '../src/http/log-redaction.js';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestApp } from './app-harness.js';
import { HANG_MS } from './hang-guard.js';

/** What the client tests tell CI (reports, installs): the server's own logger, at info. */
export const toolLog = createLogger('info').child({ test: 'dav-clients' });

/**
 * Helpers for the tests that drive real WebDAV clients (litmus, rclone) against /dav: find or
 * install the client, run it and collect what it said, and serve the app on loopback.
 */

/** How a tool run ended and everything it printed. */
export interface ToolRun {
  /** Exit code; null when a signal ended it (`signal` says which). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Whether the hang guard had to kill it (it ran longer than HANG_MS). */
  hung: boolean;
}

/**
 * Runs a program to its end and collects its output; it never throws for a failing exit, the
 * caller asserts the code. Only a hang is cut short: after HANG_MS the child (started here,
 * killed by its own handle) gets SIGKILL and `hung` is set, so a stuck client fails its test
 * with its output instead of blocking the run.
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (err) => {
      clearTimeout(guard);
      reject(err);
    });
    // 'close', not 'exit': the last lines may still be in the pipes when the process has exited.
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        hung,
      });
    });
  });
}

/** A short description of a run for assertion messages: exit, and the tail of its output. */
export function describeRun(run: ToolRun, tail = 4000): string {
  const ended = run.hung
    ? `hung (killed after ${HANG_MS} ms)`
    : `exit ${run.code ?? run.signal ?? '?'}`;
  return `${ended}\n--- stdout ---\n${run.stdout.slice(-tail)}\n--- stderr ---\n${run.stderr.slice(-tail)}`;
}

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

async function aptInstall(pkg: string): Promise<ToolRun> {
  return runTool('apt-get', ['install', '-y', '-qq', pkg], { env: APT_ENV });
}

const ensured = new Map<string, Promise<string | null>>();

/**
 * The path of a client from a Debian package, or null when the test must be skipped. When the
 * binary is missing and we run as root (CI, fresh machines), the package is installed, as the
 * browser tier installs Chromium; `apt-get update` runs only when the first install fails (a
 * fresh machine may have no package lists). Not root: null, after printing the command to run.
 * A failed install as root throws: the tier is meant to run there, so that is an error.
 */
export function ensureDebianTool(binary: string, pkg: string): Promise<string | null> {
  let pending = ensured.get(binary);
  if (!pending) {
    pending = (async () => {
      if (existsSync(binary)) return binary;
      if (process.getuid?.() !== 0) {
        toolLog.warn(
          `${binary} is missing; skipping. Install it with: sudo apt-get install -y ${pkg}`,
        );
        return null;
      }
      toolLog.info(`${binary} is missing; installing the Debian package "${pkg}"…`);
      let install = await aptInstall(pkg);
      if (install.code !== 0) {
        const update = await runTool('apt-get', ['update', '-qq'], { env: APT_ENV });
        if (update.code !== 0) throw new Error(`apt-get update failed: ${describeRun(update)}`);
        install = await aptInstall(pkg);
      }
      if (install.code !== 0 || !existsSync(binary)) {
        throw new Error(`apt-get install ${pkg} did not give ${binary}: ${describeRun(install)}`);
      }
      return binary;
    })();
    ensured.set(binary, pending);
  }
  return pending;
}

/** Starts the test app on a random loopback port (a real socket for real clients). */
export async function listenForClients(t: TestApp): Promise<number> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}
