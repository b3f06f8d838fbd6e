import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Mount } from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { describeApiError } from '../../../lib/api';
import { useCreateMount, useStorageChoices, useUpdateMount } from '../api';
import {
  mountServerErrors,
  newMountValues,
  problemMessage,
  toCreateRequest,
  toUpdateRequest,
  validateMountForm,
  valuesFromMount,
  type MountFormField,
  type MountFormValues,
} from '../mount-form';
import { mountStorageName } from './MountTable';
import { MountFormFields, type StorageChoices } from './MountFormFields';

/** Props of MountFormDialog: `editing` is the mount being edited, or undefined to create one. */
export interface MountFormDialogProps {
  editing: Mount | undefined;
  onClose: () => void;
}

/** Which form fields each value of the form belongs to, for "has the user touched it". */
const FIELD_OF: Partial<Record<keyof MountFormValues, MountFormField>> = {
  name: 'name',
  path: 'path',
  storageConfigId: 'storage',
  remark: 'remark',
  sortOrder: 'sortOrder',
  cacheTtl: 'cacheTtl',
};

/**
 * The create and edit dialog, in the shared FormDialog frame. The mount path is checked against
 * the contract's rules as it is typed; other fields once touched or on submit; the server's
 * answers land on their fields. A new mount starts on the default storage.
 */
export function MountFormDialog({ editing, onClose }: MountFormDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const [values, setValues] = useState<MountFormValues>(() =>
    editing ? valuesFromMount(editing) : newMountValues(),
  );
  const [touched, setTouched] = useState<ReadonlySet<MountFormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<MountFormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const storageQuery = useStorageChoices();
  const create = useCreateMount();
  const update = useUpdateMount();

  const storages: StorageChoices = storageQuery.isPending
    ? { state: 'loading' }
    : storageQuery.isError
      ? { state: 'failed' }
      : { state: 'ready', configs: storageQuery.data };
  // Until the user picks one, a new mount shows the default storage.
  const defaultStorage = storageQuery.data?.find((config) => config.is_default);
  const current: MountFormValues =
    !editing && values.storageConfigId === '' && !touched.has('storage') && defaultStorage
      ? { ...values, storageConfigId: defaultStorage.id }
      : values;

  const problems = validateMountForm(current);
  const errors: Partial<Record<MountFormField, string>> = { ...serverErrors };
  for (const [field, problem] of Object.entries(problems) as [
    MountFormField,
    NonNullable<(typeof problems)[MountFormField]>,
  ][]) {
    if (submitted || touched.has(field)) errors[field] ??= problemMessage(problem, current.path, t);
  }

  function change(patch: Partial<MountFormValues>) {
    setValues((previous) => ({ ...previous, ...patch }));
    const fields = Object.keys(patch).flatMap(
      (key) => FIELD_OF[key as keyof MountFormValues] ?? [],
    );
    setTouched((previous) => new Set([...previous, ...fields]));
    setServerErrors((previous) => {
      const next = { ...previous };
      for (const field of fields) delete next[field];
      return next;
    });
    setFormError(undefined);
  }

  async function save() {
    setSubmitted(true);
    setFormError(undefined);
    if (Object.keys(problems).length > 0) return;
    try {
      let saved: Mount | undefined;
      if (editing) {
        const changes = toUpdateRequest(current, editing);
        if (Object.keys(changes).length > 0) {
          saved = await update.mutateAsync({ id: editing.id, changes });
        }
      } else {
        saved = await create.mutateAsync(toCreateRequest(current));
      }
      if (saved) {
        notifications.show({
          color: 'green',
          message: t(editing ? 'mountManagement.saved' : 'mountManagement.created', {
            name: saved.name,
          }),
        });
      }
      onClose();
    } catch (error) {
      const fieldErrors = mountServerErrors(error, current.path, t);
      if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
      else setFormError(describeApiError(error, t));
    }
  }

  return (
    <FormDialog
      texts="mountManagement.form"
      editing={editing?.name}
      onClose={onClose}
      onSubmit={save}
      pending={create.isPending || update.isPending}
      formError={formError}
      size="lg"
      fullScreen={isPhone}
    >
      <MountFormFields
        values={current}
        onChange={change}
        errors={errors}
        storages={storages}
        currentStorageName={editing ? mountStorageName(editing, t) : undefined}
      />
    </FormDialog>
  );
}
