import {
  MOUNT_CACHE_TTL_DEFAULT,
  MOUNT_CACHE_TTL_MAX,
  MOUNT_NAME_MAX,
  MOUNT_PATH_MAX,
  MOUNT_REMARK_MAX,
  mountPathProblem,
  reservedMountPath,
  type MountPathProblem,
} from '@pasteport/contract/plain';
import type { CreateMountRequest, Mount, UpdateMountRequest } from '@pasteport/contract';
import type { TFunction } from 'i18next';
import { isApiError, serverFieldErrors } from '../../lib/api';

/** The range of the server's integer columns (sort_order). */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** What the mount dialog edits; numbers stay text until submit so typing is never fought. */
export interface MountFormValues {
  name: string;
  path: string;
  storageConfigId: string;
  remark: string;
  sortOrder: string;
  cacheTtl: string;
  isActive: boolean;
  readOnly: boolean;
}

/** Fields that can carry an error. */
export type MountFormField = 'name' | 'path' | 'storage' | 'remark' | 'sortOrder' | 'cacheTtl';

/** A problem of one field; the path's are the contract's own mount path rules (SPEC §5). */
export type MountFormProblem =
  | { kind: 'nameRequired' | 'nameTooLong' | 'storageRequired' | 'remarkTooLong' }
  | { kind: 'sortOrderInvalid' | 'cacheTtlInvalid' }
  | { kind: 'path'; rule: MountPathProblem };

/** Problems by field; empty when the form may be sent. */
export type MountFormProblems = Partial<Record<MountFormField, MountFormProblem>>;

/** A new mount: active, writable, listings cached for the default 5 minutes, sorted first. */
export function newMountValues(storageConfigId = ''): MountFormValues {
  return {
    name: '',
    path: '',
    storageConfigId,
    remark: '',
    sortOrder: '0',
    cacheTtl: String(MOUNT_CACHE_TTL_DEFAULT),
    isActive: true,
    readOnly: false,
  };
}

/** The edit form of a stored mount. */
export function valuesFromMount(mount: Mount): MountFormValues {
  return {
    name: mount.name,
    path: mount.mount_path,
    storageConfigId: mount.storage_config_id,
    remark: mount.remark ?? '',
    sortOrder: String(mount.sort_order),
    cacheTtl: String(mount.cache_ttl),
    isActive: mount.is_active,
    readOnly: mount.read_only,
  };
}

/** A whole number typed as text (an optional minus, then digits), or undefined. */
function parseWhole(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
}

/** The path as the server checks and stores it (NFC). */
export const normalisedPath = (path: string) => path.normalize('NFC');

/** The mount path rule (SPEC §5) of the path typed, from the contract: undefined when fine. */
export function pathProblem(path: string): MountPathProblem | undefined {
  return mountPathProblem(normalisedPath(path));
}

/** Every problem of the form, with the same limits the server applies. */
export function validateMountForm(values: MountFormValues): MountFormProblems {
  const problems: MountFormProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = { kind: 'nameRequired' };
  else if (name.length > MOUNT_NAME_MAX) problems.name = { kind: 'nameTooLong' };
  const rule = pathProblem(values.path);
  if (rule) problems.path = { kind: 'path', rule };
  if (values.storageConfigId === '') problems.storage = { kind: 'storageRequired' };
  if (values.remark.length > MOUNT_REMARK_MAX) problems.remark = { kind: 'remarkTooLong' };
  if (parseWhole(values.sortOrder, INT32_MIN, INT32_MAX) === undefined) {
    problems.sortOrder = { kind: 'sortOrderInvalid' };
  }
  if (parseWhole(values.cacheTtl, 0, MOUNT_CACHE_TTL_MAX) === undefined) {
    problems.cacheTtl = { kind: 'cacheTtlInvalid' };
  }
  return problems;
}

/** The translated message of a problem; a reserved path names the reserved path it hits. */
export function problemMessage(problem: MountFormProblem, path: string, t: TFunction): string {
  switch (problem.kind) {
    case 'path':
      return t(`mountManagement.form.errors.path.${problem.rule}`, {
        max: MOUNT_PATH_MAX,
        reserved: reservedMountPath(normalisedPath(path)) ?? path,
      });
    case 'nameTooLong':
      return t('mountManagement.form.errors.nameTooLong', { max: MOUNT_NAME_MAX });
    case 'remarkTooLong':
      return t('mountManagement.form.errors.remarkTooLong', { max: MOUNT_REMARK_MAX });
    case 'cacheTtlInvalid':
      return t('mountManagement.form.errors.cacheTtlInvalid', { max: MOUNT_CACHE_TTL_MAX });
    default:
      return t(`mountManagement.form.errors.${problem.kind}`);
  }
}

/** The fields both requests share, from a valid form. */
function requestFields(values: MountFormValues) {
  return {
    name: values.name.trim(),
    mount_path: normalisedPath(values.path),
    storage_config_id: values.storageConfigId,
    remark: values.remark.trim() === '' ? null : values.remark,
    sort_order: Number(values.sortOrder.trim()),
    cache_ttl: Number(values.cacheTtl.trim()),
    is_active: values.isActive,
    read_only: values.readOnly,
  };
}

/** POST /admin/mounts body of a valid form. */
export function toCreateRequest(values: MountFormValues): CreateMountRequest {
  return requestFields(values);
}

/** PUT /admin/mounts/{id} body of a valid form: only what differs from the stored mount. */
export function toUpdateRequest(values: MountFormValues, mount: Mount): UpdateMountRequest {
  const next = requestFields(values);
  const stored = requestFields(valuesFromMount(mount));
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== stored[key]) changes[key] = next[key];
  }
  return changes;
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, MountFormField> = {
  name: 'name',
  mount_path: 'path',
  storage_config_id: 'storage',
  storage_type: 'storage',
  remark: 'remark',
  sort_order: 'sortOrder',
  cache_ttl: 'cacheTtl',
};

const PATH_RULES: readonly string[] = [
  'required',
  'relative',
  'root',
  'too_long',
  'empty_segment',
  'trailing_slash',
  'dot_segment',
  'characters',
  'segment_too_long',
  'reserved',
] satisfies MountPathProblem[];

/**
 * A refused save as messages on the form's fields: a taken path (409) and the mount path
 * rules in the form's own words, a missing storage, then any other rule the server names.
 * Empty when the failure belongs to no field.
 */
export function mountServerErrors(
  error: unknown,
  path: string,
  t: TFunction,
): Partial<Record<MountFormField, string>> {
  if (!isApiError(error)) return {};
  const pathIssue = error.details?.find((issue) => issue.field === 'mount_path');
  if (error.code === 'ALREADY_EXISTS' || pathIssue?.rule === 'unique') {
    return { path: t('mountManagement.form.errors.pathTaken') };
  }
  const errors = serverFieldErrors(error, SERVER_FIELD_TO_FORM, t);
  if (error.code !== 'VALIDATION_FAILED') return errors;
  if (pathIssue && PATH_RULES.includes(pathIssue.rule)) {
    errors.path = problemMessage(
      { kind: 'path', rule: pathIssue.rule as MountPathProblem },
      path,
      t,
    );
  }
  const storageIssue = error.details?.find((issue) => issue.field === 'storage_config_id');
  if (storageIssue?.rule === 'not_found') {
    errors.storage = t('mountManagement.form.errors.storageMissing');
  }
  return errors;
}
