import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A running S3-compatible test server and the settings to reach it. */
export interface TestS3Server {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/** What reaching the test server takes (the provided `s3` context of every test tier). */
export type TestS3Settings = Omit<TestS3Server, 'stop'>;

/** The settings a test tier provides to its tests (everything but `stop`). */
export function s3SettingsOf(server: TestS3Server): TestS3Settings {
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = server;
  return { endpoint, region, bucket, accessKeyId, secretAccessKey };
}

/** The body of `POST /api/s3-configs` for a storage on the test server, in its own folder. */
export function s3ConfigBody(s3: TestS3Settings, name: string, defaultFolder: string) {
  return {
    name,
    provider_type: 'other_s3',
    endpoint_url: s3.endpoint,
    region: s3.region,
    bucket_name: s3.bucket,
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
    default_folder: defaultFolder,
  };
}

const CHILD = fileURLToPath(new URL('./s3/s3-server-child.ts', import.meta.url));
const STARTUP_TIMEOUT_MS = 20_000;

/**
 * Starts s3rver (plus SigV4 checks and multipart shims, see s3/) on 127.0.0.1 and a random
 * port, in a fresh temp directory. It runs in a child process because paginated listings
 * need `--openssl-legacy-provider`, which cannot be switched on inside the vitest process.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pasteport-s3-'));
  const bucket = 'pasteport-test';
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--no-warnings', '--import', tsx, CHILD, dataDir, bucket],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('S3 test server did not start')),
        STARTUP_TIMEOUT_MS,
      );
      createInterface({ input: child.stdout }).once('line', (line) => {
        clearTimeout(timer);
        const parsed = JSON.parse(line) as { port?: unknown };
        if (typeof parsed.port === 'number') resolve(parsed.port);
        else reject(new Error(`unexpected output: ${line}`));
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`S3 test server exited early:\n${stderr}`));
      });
    });
    return {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      async stop() {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
