import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UsageError } from './errors.js';

/** A server-given file name made safe as a local one: its last segment, no control characters. */
export function localNameOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '_');
  return clean === '' || clean === '.' || clean === '..' ? 'download' : clean;
}

/**
 * Where a download goes: `-o -` is stdout; `-o DIR/` or an existing folder gets the file under
 * its own name; no `-o` is the name in the working folder.
 */
export async function downloadTarget(
  output: string | undefined,
  name: string,
  cwd: string,
): Promise<string> {
  if (output === '-') return '-';
  if (output === undefined) return path.resolve(cwd, localNameOf(name));
  const target = path.resolve(cwd, output);
  const isFolder = /[\\/]$/.test(output) || (await stat(target).catch(() => null))?.isDirectory();
  return isFolder ? path.join(target, localNameOf(name)) : target;
}

/**
 * Streams an answer's body to `target` ('-' is stdout) without holding it in memory. A file is
 * written beside the target and renamed at the end, so a broken download never leaves a
 * truncated file under the wanted name. Answers the bytes written.
 */
export async function saveBody(
  response: Response,
  target: string,
  stdout: Writable,
  { force = false } = {},
): Promise<number> {
  if (!response.body) throw new Error('the server answered without a body');
  let bytes = 0;
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  // Counts what passes; a 'data' listener would start the flow before the pipe is in place.
  const counted = async function* (chunks: AsyncIterable<Uint8Array>) {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      yield chunk;
    }
  };
  if (target === '-') {
    await pipeline(source, counted, stdout, { end: false });
    return bytes;
  }
  if (!force && (await stat(target).catch(() => null))) {
    // An unread body would hold the connection (and the process) until the server drops it.
    source.destroy();
    throw new UsageError(`${target} exists; add --force to replace it, or choose -o FILE`);
  }
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.pasteport-part`);
  try {
    await pipeline(source, counted, createWriteStream(partial, { mode: 0o644 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return bytes;
}
