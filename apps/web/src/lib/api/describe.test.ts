import { ROUTES } from '@pasteport/contract/plain';
import type { Language } from '@pasteport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { createApiClient } from './client';
import { describeApiError } from './describe';
import { ApiError, type ApiErrorInit } from './errors';
import { errorBody, jsonResponse, stubFetch } from '../../test/kits/api-kit';

afterEach(() => vi.unstubAllGlobals());

const translators = { en: createI18n('en').t, 'zh-CN': createI18n('zh-CN').t };

function apiError(init: Partial<ApiErrorInit>): ApiError {
  return new ApiError({
    kind: 'http',
    context: 'default',
    transport: 'fetch',
    method: 'GET',
    url: '/api/x',
    ...init,
  });
}

type Case = [string, Partial<ApiErrorInit>, Record<Language, string>];

// SPEC §8's table, row by row, in both languages.
const cases: Case[] = [
  [
    '401 on password verification with a code',
    { status: 401, code: 'PASSWORD_INVALID', context: 'password-verification' },
    { en: 'Wrong password.', 'zh-CN': '密码错误。' },
  ],
  [
    '401 on password verification with nothing',
    { status: 401, context: 'password-verification', credentialKind: 'admin' },
    { en: 'Wrong password.', 'zh-CN': '密码错误。' },
  ],
  [
    '401 on change-password',
    { status: 401, code: 'UNAUTHORIZED', context: 'change-password', credentialKind: 'admin' },
    { en: 'Verification failed.', 'zh-CN': '验证失败。' },
  ],
  [
    '401 with an admin token',
    { status: 401, code: 'UNAUTHORIZED', credentialKind: 'admin' },
    {
      en: 'Admin session expired, please log in again.',
      'zh-CN': '管理员会话已过期，请重新登录。',
    },
  ],
  [
    '401 with an API key',
    { status: 401, code: 'UNAUTHORIZED', credentialKind: 'apikey' },
    { en: 'API key invalid or expired.', 'zh-CN': 'API 密钥无效或已过期。' },
  ],
  [
    '401 with an API key on a file path shows the unauthorized reason',
    { status: 401, code: 'UNAUTHORIZED', credentialKind: 'apikey', context: 'file' },
    { en: 'Unauthorized, please log in and retry.', 'zh-CN': '未授权访问，请登录后重试。' },
  ],
  [
    'other 401',
    { status: 401 },
    { en: 'Unauthorized, please log in and retry.', 'zh-CN': '未授权访问，请登录后重试。' },
  ],
  [
    '401 whose logout failed',
    { status: 401, credentialKind: 'admin', authHandlingFailed: true },
    { en: 'Authentication failed, please log in again.', 'zh-CN': '认证失败，请重新登录。' },
  ],
  [
    '409 without a code or message',
    { status: 409 },
    {
      en: 'This link suffix is already taken, try another.',
      'zh-CN': '链接后缀已被占用，请尝试其他后缀。',
    },
  ],
  [
    '404 with a code (translated, not the server prose)',
    { status: 404, code: 'NOT_FOUND', serverMessage: 'Paste not found' },
    { en: 'Not found. It may have been deleted.', 'zh-CN': '内容不存在，可能已被删除。' },
  ],
  ['500 with nothing', { status: 500 }, { en: 'HTTP error 500', 'zh-CN': 'HTTP 错误 500' }],
  [
    'HTTP 200 with a failing envelope',
    { status: 200 },
    { en: 'Request failed.', 'zh-CN': '请求失败。' },
  ],
  [
    'aborted request',
    { kind: 'aborted' },
    { en: 'Request cancelled or timed out.', 'zh-CN': '请求已取消或超时。' },
  ],
  [
    'timeout',
    { kind: 'timeout' },
    {
      en: 'Request timed out, the server took too long to respond.',
      'zh-CN': '请求超时，服务器响应时间过长。',
    },
  ],
  [
    'network failure',
    { kind: 'network' },
    {
      en: 'Network connection failed, check your network settings.',
      'zh-CN': '网络连接失败，请检查网络设置。',
    },
  ],
  [
    'upload timeout',
    { kind: 'timeout', transport: 'upload' },
    { en: 'Request timed out.', 'zh-CN': '请求超时。' },
  ],
  [
    'upload network error',
    { kind: 'network', transport: 'upload' },
    { en: 'Network error, check your connection.', 'zh-CN': '网络错误，请检查网络连接。' },
  ],
  [
    'upload cancelled',
    { kind: 'aborted', transport: 'upload' },
    { en: 'Request cancelled by user.', 'zh-CN': '请求已被用户取消。' },
  ],
];

describe('describeApiError (SPEC §8)', () => {
  it.each(cases)('%s', (_situation, init, expected) => {
    for (const language of ['en', 'zh-CN'] as const) {
      expect(describeApiError(apiError(init), translators[language])).toBe(expected[language]);
    }
  });

  it('falls back to the server message only when there is no code', () => {
    const t = translators.en;
    expect(describeApiError(apiError({ status: 409, serverMessage: 'Name in use' }), t)).toBe(
      'Name in use',
    );
    expect(describeApiError(apiError({ status: 400, serverMessage: 'Bad thing' }), t)).toBe(
      'Bad thing',
    );
    const passwordCheck = { status: 401, context: 'password-verification' as const };
    expect(describeApiError(apiError({ ...passwordCheck, serverMessage: 'Nope' }), t)).toBe('Nope');
  });

  it('lets the caller override the recorded context', () => {
    const error = apiError({ status: 401 });
    expect(describeApiError(error, translators.en, 'change-password')).toBe('Verification failed.');
  });

  it('describes anything else as a failed request', () => {
    expect(describeApiError(new Error('boom'), translators.en)).toBe('Request failed.');
  });
});

describe('describeApiError over the client', () => {
  it('shows the 409 slug message for a SLUG_TAKEN answer', async () => {
    stubFetch().mockResolvedValue(jsonResponse(409, errorBody(409, 'SLUG_TAKEN', 'Slug taken')));
    const error = await createApiClient()
      .call(ROUTES.createPaste, { body: { content: 'x', slug: 'mine' } })
      .catch((reason: unknown) => reason);
    expect(describeApiError(error, translators.en)).toBe(
      'This link suffix is already taken, try another.',
    );
    expect(describeApiError(error, translators['zh-CN'])).toBe(
      '链接后缀已被占用，请尝试其他后缀。',
    );
  });

  it('says "wrong password" for a 401 on paste password verification, without logging out', async () => {
    stubFetch().mockResolvedValue(jsonResponse(401, errorBody(401, 'PASSWORD_INVALID')));
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      getCredential: () => ({ kind: 'apikey', key: 'k' }),
      onUnauthorized,
    });
    const error = await client
      .call(ROUTES.unlockPaste, { params: { slug: 'abc' }, body: { password: 'x' } })
      .catch((e: unknown) => e);
    expect(describeApiError(error, translators.en)).toBe('Wrong password.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
