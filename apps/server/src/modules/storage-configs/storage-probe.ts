import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { corsRuleFor, type StorageTestCheck, type StorageTestResult } from '@pasteport/contract';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { checkBucketCors } from './storage-cors-check.js';
import { classifyFailureText, classifyStorageError } from './storage-failure.js';
import { failed, passed, skipped, type MessageContext } from './storage-test-messages.js';

/** How long each step may take before it counts as "storage did not answer". */
export const PROBE_STEP_TIMEOUT_MS = 8_000;
/**
 * The whole test answers within this, so it beats the web client's 30 s request timeout even
 * when storage never answers (a black-holed endpoint); steps past it fail as timed out.
 */
export const PROBE_TOTAL_BUDGET_MS = 24_000;
/** Where probe files go (under the config's default folder, which the driver adds). */
const PROBE_FOLDER = 'pasteport-check';
/** Read-back is compared in full; the probe is tiny, this only bounds a misbehaving server. */
const MAX_READ_BACK_BYTES = 64 * 1024;

/** What the probe knows besides the driver: where the app runs and what to name in messages. */
export interface ProbeContext {
  /** This app's origin, for the CORS check. */
  origin: string;
  bucket: string | null;
  root: string | null;
  now: Date;
  stepTimeoutMs?: number;
  totalBudgetMs?: number;
}

/** Runs steps each within the step timeout and all within the total budget. */
type TimedRunner = <T>(work: (signal: AbortSignal) => Promise<T>) => Promise<T>;

function timedRunner(stepMs: number, totalMs: number): TimedRunner {
  const deadline = Date.now() + totalMs;
  return async (work) => {
    const ms = Math.min(stepMs, deadline - Date.now());
    if (ms <= 0) throw new DOMException('the test ran out of time', 'TimeoutError');
    const signal = AbortSignal.timeout(ms);
    // Rejects when time is up even if the work ignores the signal (it then runs on unobserved).
    return await new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      work(signal)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_READ_BACK_BYTES) {
      stream.destroy();
      break;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The connection test of a storage config: writes a small file under its default folder,
 * reads it back, deletes it, and (S3 only) checks the bucket's CORS rule lets browsers on this
 * app upload directly. Every step reports on its own with a plain fix; nothing here throws.
 */
export async function probeStorage(
  driver: StorageDriver,
  context: ProbeContext,
): Promise<StorageTestResult> {
  const timeoutMs = context.stepTimeoutMs ?? PROBE_STEP_TIMEOUT_MS;
  const timed = timedRunner(timeoutMs, context.totalBudgetMs ?? PROBE_TOTAL_BUDGET_MS);
  const words = (check: MessageContext['check']): MessageContext => ({
    check,
    origin: context.origin,
    bucket: context.bucket,
    root: context.root,
    timeoutSeconds: Math.round(timeoutMs / 1000),
  });
  const failure = (check: MessageContext['check'], error: unknown) => {
    const { reason, detail } = classifyStorageError(error, driver.kind);
    return failed(words(check), reason, detail);
  };
  const key = `${PROBE_FOLDER}/${randomUUID()}.txt`;
  const body = Buffer.from(`Pasteport storage check ${context.now.toISOString()}\n`, 'utf8');

  let write: StorageTestCheck;
  try {
    await timed((signal) =>
      driver.write(key, Readable.from([body]), {
        contentType: 'text/plain; charset=utf-8',
        contentLength: body.length,
        signal,
      }),
    );
    write = passed(words('write'));
  } catch (error) {
    write = failure('write', error);
  }
  const written = write.status === 'ok';

  let read: StorageTestCheck;
  try {
    if (written) {
      const back = await timed(async () => readAll((await driver.read(key)).stream));
      read = back.equals(body)
        ? passed(words('read'))
        : failed(
            words('read'),
            'content_mismatch',
            `${back.length} bytes read, ${body.length} written`,
          );
    } else {
      // Nothing to read back. Asking for the (absent) test file still shows whether this key
      // may read, and the driver's health probe whether the bucket or folder is usable.
      await timed(() => driver.stat(key));
      const health = await timed(() => driver.check());
      if (health.ok) read = passed(words('read'), 'bucket_reachable');
      else {
        const { reason, detail } = classifyFailureText(health.error, driver.kind);
        read = failed(words('read'), reason, detail);
      }
    }
  } catch (error) {
    read = failure('read', error);
  }

  let remove: StorageTestCheck;
  if (!written) remove = skipped(words('delete'), 'write_failed');
  else {
    try {
      const [result] = await timed(() => driver.deleteMany([key]));
      if (result && !result.ok) {
        const { reason, detail } = classifyFailureText(result.message, driver.kind);
        remove = failed(words('delete'), reason, detail);
      } else remove = passed(words('delete'));
    } catch (error) {
      remove = failure('delete', error);
    }
  }

  const cors = await corsCheck(driver, context.origin, words('cors'), timed);
  const checks = { write, read, delete: remove, cors };
  return {
    ok: Object.values(checks).every((check) => check.status !== 'failed'),
    origin: context.origin,
    checks,
    cors_rule: driver.kind === 's3' ? corsRuleFor(context.origin) : null,
    tested_at: context.now.toISOString(),
  };
}

async function corsCheck(
  driver: StorageDriver,
  origin: string,
  words: MessageContext,
  timed: TimedRunner,
): Promise<StorageTestCheck> {
  // Local disk: uploads and downloads go through this app's own origin.
  if (!driver.capabilities.browserDirectUpload) return skipped(words, 'cors_not_needed');
  const key = `${PROBE_FOLDER}/${randomUUID()}-cors.txt`;
  const body = Buffer.from('cors check\n', 'utf8');
  try {
    const upload = await driver.presignPut(key, {
      contentType: 'text/plain',
      expiresInSeconds: 300,
    });
    const verdict = await timed((signal) => checkBucketCors(upload, origin, body, signal));
    return verdict.ok ? passed(words) : failed(words, verdict.reason, verdict.detail);
  } catch (error) {
    const { reason, detail } = classifyStorageError(error, driver.kind);
    return failed(words, reason, detail);
  } finally {
    // The check's PUT may have stored a file; removing it is best effort.
    await timed(() => driver.deleteMany([key])).catch(() => undefined);
  }
}

/** The test result of a config whose driver cannot even be built: every check failed. */
export function unusableConfigResult(context: ProbeContext, error: unknown): StorageTestResult {
  const detail = error instanceof Error ? error.message : String(error);
  const check = (name: MessageContext['check']) =>
    failed(
      {
        check: name,
        origin: context.origin,
        bucket: context.bucket,
        root: context.root,
        timeoutSeconds: 0,
      },
      'other',
      detail,
    );
  return {
    ok: false,
    origin: context.origin,
    checks: {
      write: check('write'),
      read: check('read'),
      delete: check('delete'),
      cors: check('cors'),
    },
    cors_rule: null,
    tested_at: context.now.toISOString(),
  };
}
