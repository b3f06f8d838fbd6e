import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, isApiError, serverFieldErrors } from '../../lib/api';
import {
  isQuietProblem,
  shareProblemLimit,
  type ShareEditField,
  type ShareEditValues,
} from './edit-rules';
import type { ShareLimits } from './share-limits';

/**
 * How one kind of share is edited: its own fields (`Own`, e.g. the file name) beside the
 * share settings, its rules, and how a save is sent.
 */
export interface ShareEditSetup<
  Values extends ShareEditValues,
  Own extends string,
  Problem extends string,
> {
  initialValues: () => Values;
  validate: (values: Values) => Partial<Record<Own | ShareEditField, Problem>>;
  /** The fields that differ from the loaded share; none leaves Save disabled. */
  changedFields: (values: Values) => (Own | ShareEditField)[];
  limits: ShareLimits;
  /** Limits named by the messages of the share's own problems. */
  ownLimits?: Partial<Record<Problem, string | number>>;
  /** The message of a problem, `max` being the limit it names ('' when it names none). */
  message: (problem: Problem, max: string | number) => string;
  /** Which form field a server `details[].field` names. */
  serverFields: Readonly<Record<string, Own | ShareEditField>>;
  /** The field of an answer that `details` do not name (e.g. content too large), if any. */
  failureField?: (error: unknown) => Own | undefined;
  /** Sends the valid, changed form; throws the API error when the server says no. */
  save: (values: Values) => Promise<void>;
  saving: boolean;
  /** Leaves the form: on Cancel, and once a save went through. */
  close: () => void;
}

/**
 * The state of an edit form. Problems show live (except "fill this in" on a field that just
 * appeared); Save stays disabled while nothing changed or something is wrong; server answers
 * land on their fields and the input is kept.
 */
export function useShareEditForm<
  Values extends ShareEditValues,
  Own extends string,
  Problem extends string,
>(setup: ShareEditSetup<Values, Own, Problem>) {
  type Field = Own | ShareEditField;
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(setup.initialValues);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string>();

  const problems = setup.validate(values);
  const errors: Partial<Record<Field, string>> = { ...serverErrors };
  for (const [field, problem] of Object.entries(problems) as [Field, Problem][]) {
    if (isQuietProblem(problem)) continue;
    const max = setup.ownLimits?.[problem] ?? shareProblemLimit(problem, values, setup.limits);
    errors[field] ??= setup.message(problem, max ?? '');
  }
  const changed = setup.changedFields(values);
  const canSave = changed.length > 0 && Object.keys(problems).length === 0;

  function change(patch: Partial<Values>, field: Field) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function showFailure(error: unknown) {
    const slugTaken = isApiError(error) && error.status === 409 && changed.includes('slug');
    const field: Field | undefined = slugTaken ? 'slug' : setup.failureField?.(error);
    if (field) {
      const onField: Partial<Record<Field, string>> = {};
      onField[field] = describeApiError(error, t);
      setServerErrors(onField);
      return;
    }
    const fieldErrors = serverFieldErrors(error, setup.serverFields, t);
    if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
    else setFormError(describeApiError(error, t));
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSave || setup.saving) return;
    setFormError(undefined);
    try {
      await setup.save(values);
    } catch (error) {
      showFailure(error);
      return;
    }
    setup.close();
  }

  const { limits, saving, close } = setup;
  return { values, change, errors, changed, canSave, formError, limits, saving, submit, close };
}

/** What a form's layout needs of `useShareEditForm`, whatever kind of share it edits. */
export interface ShareEditFormView {
  values: ShareEditValues;
  change: (patch: Partial<ShareEditValues>, field: ShareEditField) => void;
  errors: Partial<Record<ShareEditField, string>>;
  changed: readonly string[];
  limits: ShareLimits;
  canSave: boolean;
  formError: string | undefined;
  saving: boolean;
  submit: (event?: FormEvent) => Promise<void>;
  close: () => void;
}
