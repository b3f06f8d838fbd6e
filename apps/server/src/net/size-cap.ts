import { Transform } from 'node:stream';
import { payloadTooLarge } from './fetch-errors.js';

/**
 * A pass-through that fails with PAYLOAD_TOO_LARGE as soon as more than `maxBytes` have
 * flowed: the Content-Length check up front cannot be trusted (it may be absent or a lie, as
 * with chunked encoding), so the bytes themselves are counted.
 */
export function createSizeCap(maxBytes: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) {
        callback(payloadTooLarge(maxBytes));
        return;
      }
      callback(null, chunk);
    },
  });
}
