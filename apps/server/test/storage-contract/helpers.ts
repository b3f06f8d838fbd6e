import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect } from 'vitest';
import type { ErrorCode } from '@pasteport/contract';
import { AppError } from '../../src/lib/app-error.js';
import type { StorageDriver } from '../../src/storage/storage-driver.js';

/** One isolated driver for one test, plus what the contract needs around it. */
export interface DriverUnderTest {
  driver: StorageDriver;
  /** A driver of the same kind with a broken config (missing root, wrong bucket). */
  makeBroken(): Promise<StorageDriver>;
  dispose(): Promise<void>;
  /**
   * Whether a one-piece write's ETag is the body's MD5 (S3) or an opaque write identifier
   * (local disk: see docs/decisions/0010-local-etags-identify-writes.md).
   */
  contentEtags: boolean;
}

/** Builds a fresh, isolated driver (own temp dir, own bucket prefix). */
export type MakeDriver = () => Promise<DriverUnderTest>;

/** Gives each test its own driver; read it inside the test through the returned getter. */
export function useDriver(make: MakeDriver): () => DriverUnderTest {
  let current: DriverUnderTest | undefined;
  beforeEach(async () => {
    current = await make();
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('driver used outside a test');
    return current;
  };
}

export const MiB = 1024 * 1024;

export function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

/** An opaque write identifier: 32 hex digits, like an MD5, but of nothing. */
const WRITE_ID = /^[0-9a-f]{32}$/;

/** Matches the ETag a one-piece write of `body` must get from this driver. */
export function etagOf(dut: DriverUnderTest, body: Buffer): unknown {
  return dut.contentEtags ? md5(body) : expect.stringMatching(WRITE_ID);
}

/** The same, as the quoted `ETag` header of an HTTP answer. */
export function etagHeaderOf(dut: DriverUnderTest, body: Buffer): unknown {
  return dut.contentEtags
    ? `"${md5(body)}"`
    : expect.stringMatching(new RegExp(`^"${WRITE_ID.source.slice(1, -1)}"$`));
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A body delivered in small chunks, as a socket would. */
export function streamOf(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) {
        yield data.subarray(offset, offset + chunkSize);
      }
    })(),
    { objectMode: false },
  );
}

/** Random bytes, so offsets and hashes cannot line up by accident. */
export function randomBody(size: number): Buffer {
  return randomBytes(size);
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Asserts a promise rejects with AppError of this code; returns the error. */
export async function expectAppError(promise: Promise<unknown>, code: ErrorCode) {
  const error: unknown = await promise.then(
    () => new Error(`expected AppError ${code}, but it resolved`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

/** Writes a small object with known content. */
export async function put(
  driver: StorageDriver,
  key: string,
  body: Buffer | string,
  type = 'text/plain',
) {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  return driver.write(key, streamOf(data), { contentType: type, contentLength: data.length });
}

/**
 * Alters a presigned URL the way an attacker would: flip its signature, or keep the
 * signature and point it at another object. Knows both URL styles (SigV4 and local token).
 */
export function tamperUrl(url: string, how: 'signature' | 'target'): string {
  const parsed = new URL(url);
  const flip = (s: string) => s.slice(0, -1) + (s.endsWith('a') ? 'b' : 'a');
  const sig = parsed.searchParams.get('X-Amz-Signature');
  if (sig !== null) {
    if (how === 'signature') parsed.searchParams.set('X-Amz-Signature', flip(sig));
    else parsed.pathname = `${parsed.pathname}-other`;
    return parsed.toString();
  }
  const token = parsed.searchParams.get('token') ?? '';
  const [payload = '', signature = ''] = token.split('.');
  if (how === 'signature') {
    parsed.searchParams.set('token', `${payload}.${flip(signature)}`);
  } else {
    const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { key: string };
    const forged = Buffer.from(JSON.stringify({ ...json, key: `${json.key}-other` })).toString(
      'base64url',
    );
    parsed.searchParams.set('token', `${forged}.${signature}`);
  }
  return parsed.toString();
}

/** Keys that must be refused by every operation. */
export const TRAVERSAL_KEYS = [
  '../x',
  'a/../../x',
  '/etc/passwd',
  'a\0b',
  'a\\..\\b',
  './x',
  'a//b',
];
