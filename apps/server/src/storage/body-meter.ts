import { Transform } from 'node:stream';
import { AppError } from '../lib/app-error.js';

/** Limits on a streamed body. */
export interface BodyLimits {
  /** Exactly this many bytes must arrive. */
  expectedLength?: number;
  /** More bytes than this fail with PAYLOAD_TOO_LARGE. */
  maxLength?: number;
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
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
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
