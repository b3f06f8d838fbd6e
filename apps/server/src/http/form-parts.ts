import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError, isAppError } from '../lib/app-error.js';

/** Form fields are short; these bound what a hostile form can make the parser hold. */
export const FORM_LIMITS = {
  fields: 30,
  fieldSize: 8 * 1024,
  files: 2,
  parts: 40,
  headerPairs: 100,
  // The services meter the file against max_upload_size and the quota themselves.
  fileSize: Number.MAX_SAFE_INTEGER,
};

/** One part of a multipart form, as a route hands it to a service (framework-free). */
export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; mimetype: string; stream: Readable };

/**
 * The form's parts in order (the route registered @fastify/multipart with FORM_LIMITS). What
 * the parser throws is the form's fault: a 400 (see malformedForm).
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<FormPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        yield {
          kind: 'file',
          name: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          stream: part.file,
        };
      } else {
        yield { kind: 'field', name: part.fieldname, value: String(part.value) };
      }
    }
  } catch (err) {
    throw malformedForm(err);
  }
}

/** A form route's first check: the body must be multipart/form-data (415 otherwise). */
export function assertMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the file as multipart/form-data');
  }
}

/**
 * What the form parser throws is the form's fault (no boundary, a body that ends inside a
 * part, a broken part header): 400 naming the parser's complaint. The plugin's limit errors
 * carry their own 4xx status and stay as they are.
 */
function malformedForm(err: unknown): unknown {
  if (isAppError(err) || !(err instanceof Error) || 'statusCode' in err) return err;
  return new AppError('MALFORMED_BODY', `malformed multipart/form-data body: ${err.message}`, {
    cause: err,
  });
}

/**
 * Watches which side of a file's pipeline failed first. The part stream failing while the
 * meter is intact is the client's body breaking (a form cut off inside the file, a part the
 * parser rejects): a 400, whatever the storage write made of it. When storage fails first,
 * the meter is torn down before pipeline() destroys the part stream in turn.
 */
export function sourceFailure(source: Readable, meter: Readable): { failed: AppError | undefined } {
  const outcome: { failed: AppError | undefined } = { failed: undefined };
  source.once('error', (err) => {
    if (meter.destroyed) return;
    outcome.failed =
      err instanceof AppError
        ? err
        : new AppError('MALFORMED_BODY', `the file part of the form broke off: ${err.message}`, {
            cause: err,
          });
  });
  return outcome;
}
