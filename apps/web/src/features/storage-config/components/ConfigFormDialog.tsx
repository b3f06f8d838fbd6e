import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  STORAGE_CONFIG_NAME_MAX,
  STORAGE_PROVIDERS,
  STORAGE_SIGNATURE_MAX_SECONDS,
  type StorageConfig,
} from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { describeApiError, serverFieldErrors } from '../../../lib/api';
import { useCreateStorageConfig, useUpdateStorageConfig } from '../api';
import {
  NEW_CONFIG_VALUES,
  SERVER_FIELD_TO_FORM,
  toCreateRequest,
  toUpdateRequest,
  validateConfigForm,
  valuesFromConfig,
  type ConfigFormField,
  type ConfigFormProblem,
  type ConfigFormValues,
} from '../config-form';
import { ConfigFormFields } from './ConfigFormFields';

/** Props of ConfigFormDialog: `editing` is the config being edited, or undefined to create one. */
export interface ConfigFormDialogProps {
  editing: StorageConfig | undefined;
  onClose: () => void;
}

/**
 * The create and edit dialog. Errors show once the user tried to submit; server answers land
 * on their fields. Full screen on phones, where the form is long.
 */
export function ConfigFormDialog({ editing, onClose }: ConfigFormDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const mode = editing ? 'edit' : 'create';
  const [values, setValues] = useState<ConfigFormValues>(() =>
    editing ? valuesFromConfig(editing) : NEW_CONFIG_VALUES,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ConfigFormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateStorageConfig();
  const update = useUpdateStorageConfig();
  // A stored secret is kept only while the provider still speaks S3 (local disk has none).
  const secretStored =
    editing !== undefined &&
    editing.has_secret &&
    STORAGE_PROVIDERS[values.provider].driver === 's3';

  const problems = validateConfigForm(values, { secretStored });
  const errors: Partial<Record<ConfigFormField, string>> = { ...serverErrors };
  if (submitted) {
    for (const [field, problem] of Object.entries(problems) as [
      ConfigFormField,
      ConfigFormProblem,
    ][]) {
      errors[field] ??= t(`storageConfig.form.errors.${problem}`, {
        max: problem === 'nameTooLong' ? STORAGE_CONFIG_NAME_MAX : STORAGE_SIGNATURE_MAX_SECONDS,
      });
    }
  }

  function change(patch: Partial<ConfigFormValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors({});
  }

  async function submit() {
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, changes: toUpdateRequest(values) })
        : await create.mutateAsync(toCreateRequest(values));
      notifications.show({
        color: 'green',
        message: t(editing ? 'storageConfig.saved' : 'storageConfig.created', { name: saved.name }),
      });
      onClose();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, SERVER_FIELD_TO_FORM, t);
      if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
      else setFormError(describeApiError(error, t));
    }
  }

  return (
    <FormDialog
      texts="storageConfig.form"
      editing={editing?.name}
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending || update.isPending}
      formError={formError}
      size="lg"
      fullScreen={isPhone}
    >
      <ConfigFormFields
        mode={mode}
        values={values}
        onChange={change}
        errors={errors}
        secretStored={secretStored}
        isCurrentDefault={editing?.is_default ?? false}
      />
    </FormDialog>
  );
}
