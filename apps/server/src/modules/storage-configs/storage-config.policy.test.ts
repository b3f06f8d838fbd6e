import { describe, expect, it } from 'vitest';
import { ADMIN_ACTOR as admin, apiKeyActor } from '../../../test/actors.js';
import { ANONYMOUS } from '../../core/actor.js';
import { inUploadScope, uploadStorageScope } from './storage-config.policy.js';

const key = (file: boolean) => apiKeyActor({ text: true, file, mount: true });

describe('upload storage scope', () => {
  it('gives the admin every config whatever the guest setting', () => {
    expect(uploadStorageScope(admin, false)).toEqual({ scope: 'all' });
  });

  it('gives a key with the file permission the configs open to keys, and refuses one without', () => {
    expect(uploadStorageScope(key(true), false)).toEqual({ scope: 'api_keys' });
    expect(uploadStorageScope(key(false), true)).toEqual({ denial: 'PERMISSION_DENIED' });
  });

  it('gives guests the default only while guest uploads are on', () => {
    expect(uploadStorageScope(ANONYMOUS, true)).toEqual({ scope: 'default_only' });
    expect(uploadStorageScope(ANONYMOUS, false)).toEqual({ denial: 'UNAUTHORIZED' });
  });

  it.each([
    ['all', { is_default: false, allow_api_keys: false }, true],
    ['api_keys', { is_default: true, allow_api_keys: false }, false],
    ['api_keys', { is_default: false, allow_api_keys: true }, true],
    ['default_only', { is_default: false, allow_api_keys: true }, false],
    ['default_only', { is_default: true, allow_api_keys: false }, true],
  ] as const)('scope %s with %j → %s', (scope, config, expected) => {
    expect(inUploadScope(scope, config)).toBe(expected);
  });
});
