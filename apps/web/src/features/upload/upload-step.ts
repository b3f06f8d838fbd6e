import { isApiError } from '../../lib/api';

/**
 * The upload steps whose failure SPEC §8 words on its own: getting a presigned URL (and its
 * answer lacking the fields), and a URL upload's multipart init, multipart complete and commit.
 */
export type UploadStep =
  'presign' | 'presignInvalid' | 'urlMultipartInit' | 'urlMultipartComplete' | 'urlCommit';

/** A failed upload step; `cause` is the request's own failure, worded as the details. */
export class UploadStepError extends Error {
  constructor(
    readonly step: UploadStep,
    override readonly cause: unknown,
  ) {
    super(`upload step ${step} failed`);
    this.name = 'UploadStepError';
  }
}

/**
 * A schema's refusal of an answer (zod's ZodError), told by its name: this module is part of
 * the Upload page's first load, which does without zod (the schemas load with the first call).
 */
function isSchemaError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/**
 * The failure of `step` as the user should read it. A taken link suffix stays itself (SPEC §8:
 * rethrown as the 409 message, and the page marks the slug field); an answer that does not
 * parse is "no valid data" when presigning.
 */
export function stepFailure(step: UploadStep, error: unknown): unknown {
  const slugTaken = isApiError(error) && (error.code === 'SLUG_TAKEN' || error.status === 409);
  if (error instanceof UploadStepError || slugTaken) return error;
  if (step === 'presign' && isSchemaError(error)) {
    return new UploadStepError('presignInvalid', error);
  }
  return new UploadStepError(step, error);
}
