import {
  EDITOR_CONTENT_MAX_BYTES,
  type PasteDetail,
  type UpdatePasteRequest,
} from '@pasteport/contract';
import type {
  ShareEditField,
  ShareEditProblem,
  ShareEditValues,
} from '../../components/share-options/edit-rules';
import {
  changedShareFields,
  SHARE_SERVER_FIELDS,
  shareEditProblems,
  shareUpdateOf,
  shareValuesOf,
} from '../../components/share-options/edit-rules';
import { PASTE_SHARE_LIMITS } from '../../components/share-options/share-limits';
import { expiryInstant } from '../../lib/expiry';

/** What the edit dialog edits: the content beside the share settings. */
export interface PasteFormValues extends ShareEditValues {
  content: string;
}

/** Fields that can carry an error (the custom amount stands for the whole expiry). */
export type PasteFormField = 'content' | ShareEditField;

/** Each problem has a message under textManagement.form.errors. */
export type PasteFormProblem = 'contentEmpty' | 'contentTooLarge' | ShareEditProblem;

/** Problems by field; empty when the form may be sent. */
export type PasteFormProblems = Partial<Record<PasteFormField, PasteFormProblem>>;

/** The form of an existing paste: everything as it is, expiry and password kept. */
export function valuesFromPaste(paste: PasteDetail): PasteFormValues {
  return { content: paste.content, ...shareValuesOf(paste) };
}

const utf8 = new TextEncoder();

/** Every problem of the form, checked with the contract's own rules (slugs, limits). */
export function validatePasteForm(values: PasteFormValues): PasteFormProblems {
  const problems: PasteFormProblems = shareEditProblems(values, PASTE_SHARE_LIMITS);
  if (values.content.trim() === '') problems.content = 'contentEmpty';
  else if (utf8.encode(values.content).length > EDITOR_CONTENT_MAX_BYTES) {
    problems.content = 'contentTooLarge';
  }
  return problems;
}

/** The fields the user changed from the loaded paste; an empty list leaves Save disabled. */
export function changedFields(values: PasteFormValues, paste: PasteDetail): PasteFormField[] {
  const edited = values.content !== paste.content;
  return [...(edited ? (['content'] as const) : []), ...changedShareFields(values, paste)];
}

/**
 * The PUT body of a valid form: only what changed (UpdatePasteRequest is partial), so a save
 * never rewrites what another edit changed meanwhile.
 */
export function toUpdateRequest(
  values: PasteFormValues,
  paste: PasteDetail,
  now: Date,
): UpdatePasteRequest {
  const { content } = values;
  return {
    ...shareUpdateOf(values, paste, (choice) => ({ expires_at: expiryInstant(choice, now) })),
    ...(content === paste.content ? {} : { content }),
  };
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, PasteFormField> = {
  ...SHARE_SERVER_FIELDS,
  content: 'content',
  expires_at: 'expiry',
};
