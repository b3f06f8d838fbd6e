import type { DirectUploadFields } from '@pasteport/contract';
import { fileMimetype } from '@pasteport/contract/plain';
import {
  DEFAULT_FILE_SHARE_OPTIONS,
  fileShareFieldsOf,
} from '../../components/share-options/file-share-fields';
import type {
  OptionProblem,
  ShareOptionField,
  ShareOptionValues,
} from '../../components/share-options/option-rules';

export type { OptionProblem };
/** `expires_in` in whole hours (SPEC §3: files take a duration, not an instant); null for never. */
export { hoursUntilExpiry as expiresInHours } from '../../components/share-options/expires-in';
/** Every problem of the options, shown while typing. A blank slug means a random one. */
export { shareOptionProblems as optionProblems } from '../../components/share-options/option-rules';

/** The upload options as the form edits them; numbers stay text until a file starts. */
export interface UploadOptions extends ShareOptionValues {
  /** The chosen storage config id; '' lets the server use its default. */
  storageConfigId: string;
  /** A folder inside the storage, e.g. `reports/2026`. */
  path: string;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  storageConfigId: '',
  ...DEFAULT_FILE_SHARE_OPTIONS,
  path: '',
};

/** Option fields that can carry an error. */
export type OptionField = ShareOptionField | 'path';

export type OptionProblems = Partial<Record<OptionField, OptionProblem>>;

/** Share and target fields every upload mode sends (everything but the file and its type). */
export type ShareFields = Omit<DirectUploadFields, 'mimetype'>;

/** The fields of valid options (SPEC §5), plus where the file goes when that is given. */
export function toShareFields(options: UploadOptions, now: Date, withSlug = true): ShareFields {
  const path = options.path.trim();
  return {
    ...(options.storageConfigId ? { s3_config_id: options.storageConfigId } : {}),
    ...(path ? { path } : {}),
    ...fileShareFieldsOf(options, now, withSlug),
  };
}

/** The stored type of a file (SPEC §5: Markdown by extension, else its own type). */
export function mimetypeOf(file: Pick<File, 'name' | 'type'>): string {
  return fileMimetype(file.name, file.type);
}

/** Which option field a server `details[].field` names. */
export const SERVER_FIELD_TO_OPTION: Record<string, OptionField> = {
  slug: 'slug',
  remark: 'remark',
  password: 'password',
  expires_in: 'expiry',
  max_views: 'maxViews',
  path: 'path',
};

/** Fields inside the collapsed "more options" part. */
export const ADVANCED_FIELDS: readonly OptionField[] = [
  'slug',
  'password',
  'maxViews',
  'remark',
  'path',
];
