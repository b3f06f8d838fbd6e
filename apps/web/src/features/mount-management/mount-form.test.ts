import { MOUNT_CACHE_TTL_MAX, type Mount } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import {
  mountServerErrors,
  newMountValues,
  problemMessage,
  toCreateRequest,
  toUpdateRequest,
  validateMountForm,
  valuesFromMount,
  type MountFormValues,
} from './mount-form';

const t = createI18n('en').t;

const STORED: Mount = {
  id: 'm1',
  name: 'Docs',
  mount_path: '/docs',
  storage_config_id: 'c1',
  storage_type: 'LOCAL',
  storage_config_name: 'Local disk',
  remark: null,
  sort_order: 0,
  cache_ttl: 300,
  is_active: true,
  read_only: false,
  created_by: 'admin',
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
  last_used: null,
  last_refresh: null,
};

const valid = (patch: Partial<MountFormValues> = {}): MountFormValues => ({
  ...newMountValues('c1'),
  name: 'Docs',
  path: '/docs',
  ...patch,
});

function pathMessage(path: string) {
  const problem = validateMountForm(valid({ path })).path;
  return problem ? problemMessage(problem, path, t) : undefined;
}

describe('validateMountForm', () => {
  it('accepts a complete form, and starts new mounts with the defaults of SPEC §3', () => {
    expect(validateMountForm(valid())).toEqual({});
    expect(newMountValues()).toMatchObject({
      cacheTtl: '300',
      sortOrder: '0',
      isActive: true,
      readOnly: false,
    });
  });

  it.each([
    ['', 'Enter a mount path, such as /docs.'],
    ['docs', 'The path must start with /.'],
    ['/', 'Choose a folder below /, such as /docs.'],
    ['/docs/', 'The path must not end with /.'],
    ['/a//b', 'The path must not contain //.'],
    ['/a/../b', 'The path must not contain . or .. as a folder name.'],
    ['/my docs', 'Use only letters (Chinese too), digits, _, - and /.'],
    ['/a.b', 'Use only letters (Chinese too), digits, _, - and /.'],
    [`/${'a'.repeat(100)}`, 'The path can be at most 100 characters long.'],
    ['/api/x', '/api is reserved by the system. Choose another path.'],
    ['/Admin', '/admin is reserved by the system. Choose another path.'],
  ])('says plainly what is wrong with %j', (path, message) => {
    expect(pathMessage(path)).toBe(message);
  });

  it.each(['/docs', '/team/photos-2030', '/文档/共享', '/public'])('accepts %j', (path) => {
    expect(pathMessage(path)).toBeUndefined();
  });

  it('checks the name, storage, sort order and cache time', () => {
    expect(
      validateMountForm(
        valid({ name: '  ', storageConfigId: '', sortOrder: '1.5', cacheTtl: '86401' }),
      ),
    ).toEqual({
      name: { kind: 'nameRequired' },
      storage: { kind: 'storageRequired' },
      sortOrder: { kind: 'sortOrderInvalid' },
      cacheTtl: { kind: 'cacheTtlInvalid' },
    });
    expect(validateMountForm(valid({ name: 'x'.repeat(51) })).name).toEqual({
      kind: 'nameTooLong',
    });
    expect(validateMountForm(valid({ cacheTtl: '-1' })).cacheTtl).toBeDefined();
    expect(validateMountForm(valid({ cacheTtl: String(MOUNT_CACHE_TTL_MAX) }))).toEqual({});
    expect(validateMountForm(valid({ cacheTtl: '0', sortOrder: '-3' }))).toEqual({});
  });
});

describe('requests', () => {
  it('sends every field on create, numbers as numbers and an empty remark as null', () => {
    expect(toCreateRequest(valid({ name: ' Docs ', sortOrder: '4', cacheTtl: '0' }))).toEqual({
      name: 'Docs',
      mount_path: '/docs',
      storage_config_id: 'c1',
      remark: null,
      sort_order: 4,
      cache_ttl: 0,
      is_active: true,
      read_only: false,
    });
  });

  it('sends only what changed on update', () => {
    const values = { ...valuesFromMount(STORED), readOnly: true, remark: 'kept forever' };
    expect(toUpdateRequest(values, STORED)).toEqual({ read_only: true, remark: 'kept forever' });
    expect(toUpdateRequest(valuesFromMount(STORED), STORED)).toEqual({});
  });
});

describe('mountServerErrors', () => {
  const refusal = (
    status: number,
    code: 'ALREADY_EXISTS' | 'VALIDATION_FAILED',
    details: object[],
  ) =>
    new ApiError({
      kind: 'http',
      context: 'default',
      transport: 'fetch',
      method: 'POST',
      url: '/api/admin/mounts',
      status,
      code,
      details: details as never,
    });

  it('puts a taken path on the path field', () => {
    const error = refusal(409, 'ALREADY_EXISTS', [
      { field: 'mount_path', rule: 'unique', message: 'taken' },
    ]);
    expect(mountServerErrors(error, '/docs', t)).toEqual({
      path: 'Another mount point already uses this path (capital letters do not count). Choose another path.',
    });
  });

  it('words the server’s path rule and a missing storage the form’s way', () => {
    const error = refusal(400, 'VALIDATION_FAILED', [
      { field: 'mount_path', rule: 'reserved', message: 'is reserved' },
      { field: 'storage_config_id', rule: 'not_found', message: 'no such config' },
      { field: 'cache_ttl', rule: 'too_big', message: 'too big' },
    ]);
    expect(mountServerErrors(error, '/dav/x', t)).toEqual({
      path: '/dav is reserved by the system. Choose another path.',
      storage: 'This storage no longer exists. Choose another one.',
      cacheTtl: 'This value is too large or too long.',
    });
  });

  it('leaves failures that name no field to the form', () => {
    expect(mountServerErrors(new Error('boom'), '/docs', t)).toEqual({});
  });
});
