import {
  FILENAME_MAX,
  updateFileRequestSchema,
  type FileDetail,
  type UpdateFileRequest,
} from '@pasteport/contract';
import type {
  ShareEditField,
  ShareEditProblem,
  ShareEditValues,
} from '../../../components/share-options/edit-rules';
import {
  changedShareFields,
  SHARE_SERVER_FIELDS,
  shareEditProblems,
  shareUpdateOf,
  shareValuesOf,
} from '../../../components/share-options/edit-rules';
import { hoursUntilExpiry } from '../../../components/share-options/expires-in';
import { FILE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import type { ExpiryChoice } from '../../../lib/expiry';

/** The fields of a file the form edits, as the management endpoint reads them. */
export type EditableFile = Pick<
  FileDetail,
  'filename' | 'slug' | 'remark' | 'has_password' | 'expires_at' | 'max_views' | 'views'
>;

/** What the edit dialog edits: the name beside the share settings. */
export interface FileFormValues extends ShareEditValues {
  filename: string;
}

/** Fields that can carry an error (the custom amount stands for the whole expiry). */
export type FileFormField = 'filename' | ShareEditField;

/** Each problem has a message under file.edit.errors. */
export type FileFormProblem =
  'filenameEmpty' | 'filenameTooLong' | 'filenameCharacters' | ShareEditProblem;

/** Problems by field; empty when the form may be sent. */
export type FileFormProblems = Partial<Record<FileFormField, FileFormProblem>>;

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, FileFormField> = {
  ...SHARE_SERVER_FIELDS,
  filename: 'filename',
  expires_in: 'expiry',
};

/** The form of an existing file: everything as it is, expiry and password kept. */
export function valuesFromFile(file: EditableFile): FileFormValues {
  return { filename: file.filename, ...shareValuesOf(file) };
}

function filenameProblem(raw: string): FileFormProblem | undefined {
  const filename = raw.trim();
  if (filename === '') return 'filenameEmpty';
  if (filename.length > FILENAME_MAX) return 'filenameTooLong';
  // The contract's own rule (no slashes, no control characters, not . or ..).
  if (!updateFileRequestSchema.safeParse({ filename }).success) return 'filenameCharacters';
  return undefined;
}

/** Every problem of the form, checked with the contract's own rules (names, slugs, limits). */
export function validateFileForm(values: FileFormValues): FileFormProblems {
  const problems: FileFormProblems = shareEditProblems(values, FILE_SHARE_LIMITS);
  const filename = filenameProblem(values.filename);
  if (filename) problems.filename = filename;
  return problems;
}

/** The fields the user changed from the loaded file; an empty list leaves Save disabled. */
export function changedFields(values: FileFormValues, file: EditableFile): FileFormField[] {
  const renamed = values.filename.trim() !== file.filename;
  return [...(renamed ? (['filename'] as const) : []), ...changedShareFields(values, file)];
}

/** A choice as the file API's `expires_in`: whole hours from now (see lib/expiry), 0 for never. */
export function expiresInHours(choice: ExpiryChoice, now: Date): number {
  return hoursUntilExpiry(choice, now) ?? 0;
}

/**
 * The PUT body of a valid form: only what changed (UpdateFileRequest is partial), so a save
 * never rewrites what another edit changed meanwhile.
 */
export function toUpdateRequest(
  values: FileFormValues,
  file: EditableFile,
  now: Date,
): UpdateFileRequest {
  const filename = values.filename.trim();
  return {
    ...shareUpdateOf(values, file, (choice) => ({ expires_in: expiresInHours(choice, now) })),
    ...(filename === file.filename ? {} : { filename }),
  };
}
