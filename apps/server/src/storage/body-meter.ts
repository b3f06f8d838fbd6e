import { Transform } from 'node:stream';
import { AppError } from '../lib/app-error.js';
import { processGarbagePacer } from '../lib/garbage-pacer.js';

/** Limits on a streamed body. */
export interface BodyLimits {
  /** Exactly this many bytes must arrive. */
  expectedLength?: number;
  /** More bytes than this fail with PAYLOAD_TOO_LARGE. */
  maxLength?: number;
  /**
   * Notes each chunk to the garbage pacer: set by transfers the server streams for itself
   * (copies, URL imports); bodies of HTTP requests and answers are paced by their meters.
   */
  paced?: boolean;
}

/** A pass-through stream that counts what flows through it. */
export interface BodyMeter extends Transform {
  /** Size once the stream has finished; throws before that. */
  result(): { size: number };
  /** Bytes seen so far, including a chunk that broke a limit. */
  received(): number;
}

/**
 * Measures a body on its way to storage and fails it as early as possible when it breaks
 * its declared length, so a lying client never leaves a stored object of the wrong size.
 */
export function createBodyMeter(limits: BodyLimits): BodyMeter {
  let size = 0;
  let ended = false;
  const pacer = limits.paced ? processGarbagePacer() : undefined;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      pacer?.note(chunk.length);
      if (limits.expectedLength !== undefined && size > limits.expectedLength) {
        callback(lengthMismatch(`body is longer than ${limits.expectedLength} bytes`));
        return;
      }
      if (limits.maxLength !== undefined && size > limits.maxLength) {
        callback(new AppError('PAYLOAD_TOO_LARGE', `body exceeds ${limits.maxLength} bytes`));
        return;
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (limits.expectedLength !== undefined && size !== limits.expectedLength) {
        callback(lengthMismatch(`body has ${size} bytes, expected ${limits.expectedLength}`));
        return;
      }
      ended = true;
      callback();
    },
  });
  return Object.assign(meter, {
    received: () => size,
    result() {
      if (!ended) throw new Error('body meter read before the body ended');
      return { size };
    },
  });
}

function lengthMismatch(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, {
    details: [{ field: 'contentLength', rule: 'match', message }],
  });
}
