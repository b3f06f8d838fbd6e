import { presignResponseSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { stepFailure, UploadStepError } from './upload-step';

/** What the schema throws for an answer without the presign fields. */
function schemaRefusal(): unknown {
  try {
    presignResponseSchema.parse({ upload_url: 42 });
  } catch (error) {
    return error;
  }
  throw new Error('the schema accepted a broken answer');
}

describe('stepFailure', () => {
  it('words a presign answer the schema refuses as "no valid data"', () => {
    const failure = stepFailure('presign', schemaRefusal());
    expect(failure).toBeInstanceOf(UploadStepError);
    expect((failure as UploadStepError).step).toBe('presignInvalid');
  });

  it('keeps the step of any other failure, and a schema refusal of another step', () => {
    const network = new TypeError('Failed to fetch');
    expect((stepFailure('presign', network) as UploadStepError).step).toBe('presign');
    expect((stepFailure('urlCommit', schemaRefusal()) as UploadStepError).step).toBe('urlCommit');
  });
});
