import type { Readable, Writable } from 'node:stream';
import { ApiClient } from './client.js';
import { resolveCredentials } from './config.js';
import { ApiError } from './errors.js';

/** What a command reads and writes: the process's streams and environment, or a test's. */
export interface Io {
  env: Readonly<Record<string, string | undefined>>;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable & { isTTY?: boolean; columns?: number };
  cwd: string;
}

export class Context {
  constructor(
    readonly io: Io,
    /** --json: one JSON document on stdout, nothing else there. */
    readonly json: boolean,
  ) {}

  /** A client for the configured server and key (PASTEPORT_URL / PASTEPORT_API_KEY first). */
  async client({ requireKey = true } = {}): Promise<ApiClient> {
    const { url, apiKey } = await resolveCredentials(this.io.env);
    if (requireKey && !apiKey) {
      throw new ApiError(401, 'no API key: run pasteport login, or set PASTEPORT_API_KEY');
    }
    return new ApiClient(url, apiKey);
  }

  out(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** A command's result: `value` as JSON with --json, else the human lines. */
  result(value: unknown, human: () => string | string[]): void {
    if (this.json) {
      this.out(JSON.stringify(value, null, 2));
      return;
    }
    const lines = human();
    const text = Array.isArray(lines) ? lines.join('\n') : lines;
    if (text !== '') this.out(text);
  }

  /** A note for a person (stderr, never with --json's stdout). */
  note(text: string): void {
    this.io.stderr.write(`${text}\n`);
  }
}

/** A stream read whole as UTF-8 (stdin for `paste`; bounded by the caller). */
export async function readAll(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buffer.length;
    if (total > maxBytes) throw new RangeError(`more than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Byte counts as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
