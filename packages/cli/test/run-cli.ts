import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** stdout parsed (a --json run). */
  json<T>(): T;
}

/**
 * The CLI as a child process from its sources (tsx), with only the environment given plus PATH:
 * nothing of the test runner's environment (or of the user's config) leaks in.
 */
export function startCli(
  args: readonly string[],
  env: Record<string, string>,
  { stdin, cwd }: { stdin?: string | Buffer; cwd?: string } = {},
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  // A killed child may leave stdin unread; its EPIPE is expected.
  child.stdin.on('error', () => undefined);
  child.stdin.end(stdin ?? '');
  const done = new Promise<CliRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const stdout = Buffer.concat(out);
      resolve({
        code,
        signal,
        stdout,
        stderr: err,
        json: <T>() => {
          try {
            return JSON.parse(stdout.toString('utf8')) as T;
          } catch {
            throw new Error(
              `stdout is not JSON (exit ${code}):\n${stdout.toString('utf8')}\nstderr:\n${err}`,
            );
          }
        },
      });
    });
  });
  return { child, done };
}

export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  options: { stdin?: string | Buffer; cwd?: string } = {},
): Promise<CliRun> {
  return startCli(args, env, options).done;
}
