import type { InsufficientStorage } from '@pasteport/contract';
import { isRecord } from '@pasteport/contract/plain';
import type { TFunction } from 'i18next';
import { describeApiError, isApiError } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { type JobFailure, TransferError, type UploadError } from '../../lib/transfer';
import { UploadStepError } from './upload-step';

/** What the words depend on besides the error. */
export interface FailureContext {
  t: TFunction;
  language: string;
  /** The largest file accepted, for a 413. */
  limitBytes: number;
}

/** "This file is larger than the 100 MB limit." (SPEC §8, UX.md). */
export function tooLargeMessage({ t, language, limitBytes }: FailureContext): string {
  return t('upload.errors.tooLarge', { limit: formatBytes(limitBytes, language) });
}

/** Whether a failure is the server refusing a taken link suffix (409). */
export function isSlugTaken(error: unknown): boolean {
  return (
    isApiError(error) && (error.code === 'SLUG_TAKEN' || (error.status === 409 && !error.code))
  );
}

/** A 507's `data` (insufficientStorageSchema's three numbers), checked without zod. */
function insufficientStorageOf(data: unknown): InsufficientStorage | undefined {
  if (!isRecord(data)) return undefined;
  const { file_size, remaining, total_capacity } = data;
  return typeof file_size === 'number' &&
    typeof remaining === 'number' &&
    typeof total_capacity === 'number'
    ? { file_size, remaining, total_capacity }
    : undefined;
}

/** The 507 message with the numbers from the answer's `data`, or the plain one without them. */
function insufficientStorageMessage(error: unknown, { t, language }: FailureContext): string {
  const numbers = insufficientStorageOf(isApiError(error) ? error.data : undefined);
  if (!numbers) return t('errors.INSUFFICIENT_STORAGE');
  return t('upload.errors.insufficientStorage', {
    size: formatBytes(numbers.file_size, language),
    remaining: formatBytes(numbers.remaining, language),
    total: formatBytes(numbers.total_capacity, language),
  });
}

/** The words for a failed request of any upload mode, chosen from codes (SPEC §8). */
export function describeRequestError(error: unknown, context: FailureContext): string {
  const { t } = context;
  if (error instanceof UploadStepError) {
    if (error.step === 'presignInvalid') return t('upload.errors.steps.presignInvalid');
    const details = describeRequestError(error.cause, context);
    return t(`upload.errors.steps.${error.step}`, { details });
  }
  if (error instanceof TransferError) {
    if (error.kind === 'http') return t('upload.errors.http', { status: error.status });
    if (error.kind === 'timeout') return t('api.uploadTimeout');
    if (error.kind === 'abort') return t('api.uploadAborted');
    return t('api.uploadNetwork');
  }
  if (!isApiError(error)) return t('api.requestFailed');
  if (error.code === 'INSUFFICIENT_STORAGE' || error.status === 507) {
    return insufficientStorageMessage(error, context);
  }
  if (isSlugTaken(error)) return t('api.slugTaken');
  if (error.code === 'PAYLOAD_TOO_LARGE' || error.status === 413) return tooLargeMessage(context);
  return describeApiError(error, t, 'file');
}

/** The words for the multipart uploader's own error codes (SPEC §8 chunk errors). */
export function describeUploadError(error: UploadError, { t }: FailureContext): string {
  switch (error.code) {
    case 'http':
      return t('upload.errors.http', { status: error.status ?? 0 });
    case 'network':
      return t('api.uploadNetwork');
    case 'timeout':
      return t('api.uploadTimeout');
    case 'cancelled':
      return t('api.uploadAborted');
    case 'incomplete':
      return t('upload.errors.incomplete');
    case 'parts_failed': {
      const cause = error.cause;
      if (!cause) return t('upload.errors.partsFailed');
      const reason = describeUploadError({ ...cause, message: '' }, { t } as FailureContext);
      return t('upload.errors.partsFailedBecause', { reason });
    }
  }
}

/** The message a row shows for a failed job. */
export function describeJobFailure(failure: JobFailure, context: FailureContext): string {
  if (failure.kind === 'cancelled') return context.t('api.uploadAborted');
  if (failure.kind === 'request') return describeRequestError(failure.error, context);
  if (failure.detail !== undefined) return describeRequestError(failure.detail, context);
  return describeUploadError(failure.error, context);
}

/** The raw request error behind a failure, when there is one (to mark the slug field). */
export function requestErrorOf(failure: JobFailure | null): unknown {
  if (!failure || failure.kind === 'cancelled') return undefined;
  return failure.kind === 'request' ? failure.error : failure.detail;
}
