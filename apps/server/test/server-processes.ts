import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const READY = /Pasteport is ready at (http:\/\/[^"\s]+)/;

/** One Pasteport server running as its own process (main.ts through tsx, as `npm run dev`). */
export interface ServerProcess {
  readonly name: string;
  /** `http://127.0.0.1:<port>`, read from the ready line. */
  readonly base: string;
  readonly child: ChildProcess;
  /** Everything it wrote, for the message of a failed test. */
  output(): string;
  /** SIGKILL, and wait until it is gone; its DATA_DIR is then removed. */
  kill(): Promise<void>;
}

/**
 * Starts main.ts with only the environment given (plus PATH): nothing of the test runner's
 * environment leaks in (NODE_ENV=test included), as a server started by hand would run.
 * Answers once the ready line names the bound port (PORT=0); rejects if the process ends first.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `pp-${name}-`));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        output += `${line}\n`;
        const ready = READY.exec(line);
        if (ready) resolve(ready[1]!);
      });
      void exited.then(() => reject(new Error(`${name} exited before it was ready:\n${output}`)));
    });
    return { name, base, child, output: () => output, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** An answer read whole. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T>(): T;
}

/**
 * One request on a connection of its own (no keep-alive, no pool shared between instances):
 * each request reaches exactly the server it names. An object body is sent as JSON.
 */
export function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer | object } = {},
): Promise<Answer> {
  const json =
    init.body !== undefined && !(typeof init.body === 'string' || Buffer.isBuffer(init.body));
  const body =
    init.body === undefined
      ? undefined
      : json
        ? Buffer.from(JSON.stringify(init.body))
        : Buffer.from(init.body as string | Buffer);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          ...(json && { 'content-type': 'application/json' }),
          ...(body !== undefined && { 'content-length': String(body.length) }),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text: () => all.toString('utf8'),
            json: <T>() => JSON.parse(all.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
