import { z } from 'zod';
import { endpoint } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Local storage';
/**
 * The signed token is the only credential of these routes; the route itself refuses a missing
 * or repeated one (403), so any query passes here.
 */
const tokenQuery = z.object({ token: z.union([z.string(), z.array(z.string())]).optional() });
const STORED = {
  kind: 'content',
  contentTypes: [],
  description: 'Stored: an empty answer with the ETag header',
} as const;
const signedErrors = ['FORBIDDEN', 'PRECONDITION_FAILED', 'VALIDATION_FAILED'] as const;

/** A signed PUT: the bytes as they come, stored; the answer is only the ETag. */
function signedPut(what: string) {
  return {
    tag,
    query: tokenQuery,
    body: { kind: 'stream', contentType: '*/*', description: `The ${what}'s bytes` },
    answer: STORED,
  } as const;
}

/**
 * The URLs the local storage driver signs, standing in for S3's presigned ones: PUT object,
 * GET/HEAD object (Range, If-None-Match) and PUT part. Bodies stream straight to disk.
 */
export const localStorageEndpoints = {
  localPutObject: endpoint(ROUTES.localPutObject, {
    ...signedPut('object'),
    summary: 'Store an object at a signed URL',
    errors: [...signedErrors, 'PAYLOAD_TOO_LARGE', 'INSUFFICIENT_STORAGE'],
  }),
  localGetObject: endpoint(ROUTES.localGetObject, {
    tag,
    summary: 'Read an object at a signed URL',
    query: tokenQuery,
    answer: {
      kind: 'content',
      contentTypes: ['*/*'],
      description: "The object's bytes (Range, ETag and If-None-Match honoured)",
      statuses: [200, 206, 304],
    },
    errors: [...signedErrors, 'NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
  }),
  localPutPart: endpoint(ROUTES.localPutPart, {
    ...signedPut('part'),
    summary: 'Store one part of a multipart upload at a signed URL',
    errors: [...signedErrors, 'NOT_FOUND', 'PAYLOAD_TOO_LARGE'],
  }),
};
