import type { ShareFromMountRequest } from '@pasteport/contract';
import { fileShareFieldsOf } from '../../../components/share-options/file-share-fields';
import type {
  ShareOptionField,
  ShareOptionValues,
} from '../../../components/share-options/option-rules';
import {
  ADVANCED_FIELDS,
  SERVER_FIELD_TO_OPTION,
  type OptionField,
} from '../../upload/upload-options';

/** The upload form's fields a share of a mount file has too (all but the upload's folder). */
const isShareField = (field: OptionField): field is ShareOptionField => field !== 'path';

/** Which option a server `details[].field` of POST /api/fs/share names. */
export const SHARE_SERVER_FIELDS: Record<string, ShareOptionField> = Object.fromEntries(
  Object.entries(SERVER_FIELD_TO_OPTION).filter((entry): entry is [string, ShareOptionField] =>
    isShareField(entry[1]),
  ),
);

/** Fields inside the collapsed "more options" part (an error there opens it). */
export const ADVANCED_SHARE_FIELDS: readonly ShareOptionField[] =
  ADVANCED_FIELDS.filter(isShareField);

/** The body of POST /api/fs/share: the file's path and its valid options, as an upload sends them. */
export function shareRequestOf(
  path: string,
  options: ShareOptionValues,
  now: Date,
): ShareFromMountRequest {
  return { path, ...fileShareFieldsOf(options, now) };
}
