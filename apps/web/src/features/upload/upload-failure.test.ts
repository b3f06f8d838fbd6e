import { presignResponseSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { TransferError } from '../../lib/transfer';
import { describeJobFailure, describeRequestError, isSlugTaken } from './upload-failure';
import { stepFailure, type UploadStep } from './upload-step';

const t = createI18n('en').t;
const context = { t, language: 'en', limitBytes: 100 * 1024 * 1024 };
const base = { context: 'file', transport: 'fetch', method: 'POST', url: '/api/upload' } as const;

describe('describeRequestError (SPEC §8 upload messages)', () => {
  it('shows the 507 numbers from the answer data', () => {
    const error = new ApiError({
      ...base,
      kind: 'http',
      status: 507,
      code: 'INSUFFICIENT_STORAGE',
      data: {
        file_size: 3 * 1024 * 1024,
        remaining: 1024 * 1024,
        total_capacity: 10 * 1024 * 1024,
      },
    });
    expect(describeRequestError(error, context)).toBe(
      'Not enough storage space: the file is 3 MB, but only 1 MB of 10 MB is left. Free some space or choose another storage.',
    );
  });

  it('falls back to the plain message when a 507 carries no numbers', () => {
    const error = new ApiError({
      ...base,
      kind: 'http',
      status: 507,
      code: 'INSUFFICIENT_STORAGE',
    });
    expect(describeRequestError(error, context)).toBe(
      'Not enough storage space left for this file.',
    );
  });

  it('words a taken slug with the 409 message, with or without a code', () => {
    const coded = new ApiError({ ...base, kind: 'http', status: 409, code: 'SLUG_TAKEN' });
    const bare = new ApiError({ ...base, kind: 'http', status: 409 });
    const conflict = new ApiError({ ...base, kind: 'http', status: 409, code: 'CONFLICT' });
    for (const error of [coded, bare]) {
      expect(isSlugTaken(error)).toBe(true);
      expect(describeRequestError(error, context)).toBe(
        'This link suffix is already taken, try another.',
      );
    }
    expect(isSlugTaken(conflict)).toBe(false);
  });

  it('words a 413 as the size limit', () => {
    const error = new ApiError({ ...base, kind: 'http', status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(describeRequestError(error, context)).toBe('This file is larger than the 100 MB limit.');
  });

  it('words storage PUT failures by kind', () => {
    expect(describeRequestError(new TransferError('http', 403), context)).toBe(
      'Upload failed with HTTP error 403.',
    );
    expect(describeRequestError(new TransferError('network'), context)).toBe(
      'Network error, check your connection.',
    );
    expect(describeRequestError(new TransferError('timeout'), context)).toBe('Request timed out.');
  });
});

describe('describeJobFailure', () => {
  it('prefers the server call behind a multipart failure', () => {
    const detail = new ApiError({ ...base, kind: 'http', status: 409, code: 'SLUG_TAKEN' });
    const message = describeJobFailure(
      { kind: 'multipart', error: { code: 'http', status: 409, message: '' }, detail },
      context,
    );
    expect(message).toBe('This link suffix is already taken, try another.');
  });

  it('words the uploader codes, with the first failed part as the reason', () => {
    const partsFailed = describeJobFailure(
      {
        kind: 'multipart',
        error: { code: 'parts_failed', message: '', cause: { code: 'http', status: 500 } },
        detail: undefined,
      },
      context,
    );
    expect(partsFailed).toBe(
      'Some parts failed to upload: Upload failed with HTTP error 500. Retry to send the missing parts.',
    );
    const incomplete = describeJobFailure(
      { kind: 'multipart', error: { code: 'incomplete', message: '' }, detail: undefined },
      context,
    );
    expect(incomplete).toBe("The server's upload information was incomplete. Try again.");
    expect(describeJobFailure({ kind: 'cancelled' }, context)).toBe('Request cancelled by user.');
  });
});

describe('upload step failures (SPEC §8: presign, URL multipart init/complete, commit)', () => {
  const forbidden = new ApiError({ ...base, kind: 'http', status: 403, code: 'FORBIDDEN' });
  const zh = { ...context, t: createI18n('zh-CN').t, language: 'zh-CN' };

  it('words each step in both languages, with the request’s own failure as details', () => {
    const cases: [UploadStep, string, string][] = [
      ['presign', 'Failed to get presigned URL: ', '获取预签名 URL 失败：'],
      ['urlMultipartInit', 'Failed to init multipart upload: ', '初始化分片上传失败：'],
      ['urlMultipartComplete', 'Failed to complete multipart upload: ', '完成分片上传失败：'],
      ['urlCommit', 'Commit failure: ', '提交失败：'],
    ];
    for (const [step, en, chinese] of cases) {
      const error = stepFailure(step, forbidden);
      expect(describeRequestError(error, context)).toBe(
        `${en}You do not have permission to do this.`,
      );
      expect(describeRequestError(error, zh)).toMatch(new RegExp(`^${chinese}.+`));
    }
  });

  it('says a presign answer without its fields is no valid data', () => {
    const parsed = presignResponseSchema.safeParse({ file_id: 'f1' });
    if (parsed.success) throw new Error('the partial answer parsed');
    const error = stepFailure('presign', parsed.error);
    expect(describeRequestError(error, context)).toBe('Presign: server returned no valid data');
    expect(describeRequestError(error, zh)).toBe('预签名：服务器未返回有效数据');
  });

  it('keeps a taken link suffix as the 409 it is (the page marks the slug field)', () => {
    const taken = new ApiError({ ...base, kind: 'http', status: 409, code: 'SLUG_TAKEN' });
    expect(stepFailure('presign', taken)).toBe(taken);
    expect(isSlugTaken(stepFailure('urlMultipartInit', taken))).toBe(true);
  });
});
