import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { ApiError } from './errors';
import { serverFieldErrors } from './field-errors';

const failure = (code: ApiError['code'], details?: ApiError['details']) =>
  new ApiError({
    kind: 'http',
    status: 400,
    code,
    details,
    context: 'default',
    transport: 'fetch',
    method: 'PUT',
    url: '/api/admin/system-settings',
  });

describe('serverFieldErrors', () => {
  const { t } = createI18n('en');
  const fields = { max_upload_size: 'size', webdav_upload_mode: 'mode' } as const;

  it('maps details[].field to form fields with a message chosen by rule', () => {
    const error = failure('VALIDATION_FAILED', [
      { field: 'max_upload_size', rule: 'too_small', message: 'must be greater than 0' },
      { field: 'webdav_upload_mode', rule: 'custom', message: 'nope' },
      { field: 'unknown_field', rule: 'too_big', message: 'ignored' },
    ]);
    expect(serverFieldErrors(error, fields, t)).toEqual({
      size: 'This value is too small or too short.',
      mode: 'This value was not accepted.',
    });
  });

  it('gives nothing for other errors', () => {
    expect(serverFieldErrors(failure('INTERNAL'), fields, t)).toEqual({});
    expect(serverFieldErrors(new Error('x'), fields, t)).toEqual({});
  });
});
