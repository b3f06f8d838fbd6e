import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface StoredObject {
  content: Readable | Buffer;
}
interface FilesystemStoreClass {
  prototype: { putObject: (this: unknown, object: StoredObject) => Promise<unknown> };
}

/**
 * TEST-SERVER SHIM: S3 stores an object only once its whole body arrived, so a PUT the client
 * aborts leaves nothing. s3rver 3.7.1 writes straight into the object's file from the first
 * byte and, when the body is cut off, neither finishes nor removes it: a half-written object
 * shows up at an unpredictable moment after the client gave up (which made the "no partial
 * object after a cancelled copy" tests flaky). Here each body first lands in a temp file and is
 * handed to s3rver only when it ended whole.
 */
export async function makePutsAtomic(): Promise<void> {
  const require = createRequire(import.meta.url);
  const store = require('s3rver/lib/stores/filesystem') as FilesystemStoreClass;
  const original = store.prototype.putObject;
  const dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-puts-'));
  store.prototype.putObject = async function putObject(this: unknown, object: StoredObject) {
    if (Buffer.isBuffer(object.content)) return original.call(this, object);
    const content = object.content;
    const temp = path.join(dir, randomUUID());
    try {
      await pipeline(content, createWriteStream(temp));
      if ('complete' in content && content.complete === false) {
        throw new Error('the request body was cut off');
      }
      return await original.call(this, { ...object, content: createReadStream(temp) });
    } finally {
      await rm(temp, { force: true });
    }
  };
}
