import { notifications } from '@mantine/notifications';
import {
  API_KEY_NAME_MAX,
  CUSTOM_KEY_MAX,
  CUSTOM_KEY_MIN,
  type ApiKey,
  type CreatedApiKey,
} from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { describeApiError, isApiError, serverFieldErrors } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useCreateApiKey, useUpdateApiKey } from '../api';
import {
  NEW_KEY_VALUES,
  SERVER_FIELD_TO_FORM,
  toCreateRequest,
  toUpdateRequest,
  validateKeyForm,
  valuesFromKey,
  type KeyFormField,
  type KeyFormProblem,
  type KeyFormValues,
} from '../key-form';
import { KeyFormFields } from './KeyFormFields';

/** Props of ApiKeyFormDialog: `editing` is the key being edited, or undefined to create one. */
export interface ApiKeyFormDialogProps {
  editing: ApiKey | undefined;
  onClose: () => void;
  onCreated: (created: CreatedApiKey) => void;
}

/**
 * The create and edit dialog. Errors show once the user tried to submit, except the custom
 * key, which is checked live as it is typed; server answers land on their fields.
 */
export function ApiKeyFormDialog({ editing, onClose, onCreated }: ApiKeyFormDialogProps) {
  const { t, i18n } = useTranslation();
  const mode = editing ? 'edit' : 'create';
  const [values, setValues] = useState<KeyFormValues>(() =>
    editing ? valuesFromKey(editing) : NEW_KEY_VALUES,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<KeyFormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();

  const message = (problem: KeyFormProblem) =>
    t(`keys.form.errors.${problem}`, {
      min: CUSTOM_KEY_MIN,
      max: problem === 'customKeyTooLong' ? CUSTOM_KEY_MAX : API_KEY_NAME_MAX,
    });
  const problems = validateKeyForm(values, mode);
  const errors: Partial<Record<KeyFormField, string>> = { ...serverErrors };
  for (const [field, problem] of Object.entries(problems) as [KeyFormField, KeyFormProblem][]) {
    const live = field === 'customKey' && values.customKey !== '';
    if (submitted || live) errors[field] ??= message(problem);
  }

  function change(patch: Partial<KeyFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    const cleared = Object.keys(patch).map((key) => (key === 'expiry' ? 'customDays' : key));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of cleared) delete next[key as KeyFormField];
      return next;
    });
  }

  function showFailure(error: unknown) {
    if (isApiError(error) && error.code === 'ALREADY_EXISTS' && values.useCustomKey) {
      setServerErrors({ customKey: message('customKeyTaken') });
      return;
    }
    const fieldErrors = serverFieldErrors(error, SERVER_FIELD_TO_FORM, t);
    if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
    else setFormError(describeApiError(error, t));
  }

  async function submit() {
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(problems).length > 0) return;
    const now = new Date();
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: toUpdateRequest(values, now) });
        notifications.show({
          color: 'green',
          message: t('keys.saved', { name: values.name.trim() }),
        });
        onClose();
      } else {
        onCreated(await create.mutateAsync(toCreateRequest(values, now)));
      }
    } catch (error) {
      showFailure(error);
    }
  }

  const currentExpiry = editing?.expires_at
    ? formatDateTime(editing.expires_at, i18n.language)
    : t('common.never');

  return (
    <FormDialog
      texts="keys.form"
      editing={editing?.name}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending || update.isPending}
      formError={formError}
    >
      <KeyFormFields
        mode={mode}
        values={values}
        onChange={change}
        errors={errors}
        currentExpiry={currentExpiry}
      />
    </FormDialog>
  );
}
