import { NativeSelect, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { MOUNT_NAME_MAX, MOUNT_PATH_MAX, MOUNT_REMARK_MAX } from '@pasteport/contract/plain';
import type { StorageConfig } from '@pasteport/contract';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { storageConfigName } from '../../../lib/storage-config-name';
import type { MountFormField, MountFormValues } from '../mount-form';

/** The storages offered, or why there are none yet. */
export type StorageChoices =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; configs: readonly StorageConfig[] };

/** Props of MountFormFields. */
export interface MountFormFieldsProps {
  values: MountFormValues;
  onChange: (patch: Partial<MountFormValues>) => void;
  errors: Partial<Record<MountFormField, string>>;
  storages: StorageChoices;
  /** The name of the edited mount's storage, kept as an option when it is no longer listed. */
  currentStorageName: string | undefined;
}

/** Paths are read character by character: a monospaced input. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The inputs of the mount dialog (SPEC §3 Mount point, §5 mount rules). */
export function MountFormFields({
  values,
  onChange,
  errors,
  storages,
  currentStorageName,
}: MountFormFieldsProps) {
  const { t } = useTranslation();
  const text = (field: 'name' | 'path' | 'sortOrder' | 'cacheTtl') => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: event.currentTarget.value }),
  });

  const configs = storages.state === 'ready' ? storages.configs : [];
  const listed = configs.some((config) => config.id === values.storageConfigId);
  const options = [
    { value: '', label: t('mountManagement.form.storagePlaceholder'), disabled: true },
    ...configs.map((config) => ({
      value: config.id,
      label: t('mountManagement.form.storageOption', {
        name: storageConfigName(config, t),
        type: t(`mountManagement.storageTypes.${config.driver === 'local' ? 'LOCAL' : 'S3'}`),
      }),
    })),
    ...(values.storageConfigId !== '' && !listed
      ? [
          {
            value: values.storageConfigId,
            label: currentStorageName ?? t('mountManagement.storageMissing'),
          },
        ]
      : []),
  ];
  const storageNote =
    storages.state === 'loading'
      ? t('mountManagement.form.storageLoading')
      : storages.state === 'failed'
        ? t('mountManagement.form.storageLoadFailed')
        : configs.length === 0
          ? t('mountManagement.form.storageNone')
          : undefined;

  return (
    <Stack gap="md">
      <TextInput
        label={t('mountManagement.form.name')}
        required
        data-autofocus
        maxLength={MOUNT_NAME_MAX}
        autoComplete="off"
        error={errors.name}
        {...text('name')}
      />
      <TextInput
        label={t('mountManagement.form.path')}
        description={t('mountManagement.form.pathHint')}
        placeholder="/docs"
        required
        maxLength={MOUNT_PATH_MAX * 2}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        styles={MONOSPACE_INPUT}
        error={errors.path}
        {...text('path')}
      />
      <NativeSelect
        label={t('mountManagement.form.storage')}
        description={storageNote}
        required
        disabled={storages.state === 'loading'}
        value={values.storageConfigId}
        onChange={(event) => onChange({ storageConfigId: event.currentTarget.value })}
        data={options}
        error={errors.storage}
      />
      <Textarea
        label={t('mountManagement.form.remark')}
        // Not autosize: Mantine's autosize needs document.fonts, which jsdom lacks.
        rows={2}
        maxLength={MOUNT_REMARK_MAX}
        error={errors.remark}
        value={values.remark}
        onChange={(event) => onChange({ remark: event.currentTarget.value })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('mountManagement.form.sortOrder')}
          description={t('mountManagement.form.sortOrderHint')}
          inputMode="numeric"
          required
          error={errors.sortOrder}
          {...text('sortOrder')}
        />
        <TextInput
          label={t('mountManagement.form.cacheTtl')}
          description={t('mountManagement.form.cacheTtlHint')}
          inputMode="numeric"
          required
          error={errors.cacheTtl}
          {...text('cacheTtl')}
        />
      </SimpleGrid>
      <Switch
        label={t('mountManagement.form.active')}
        description={t('mountManagement.form.activeHint')}
        checked={values.isActive}
        onChange={(event) => onChange({ isActive: event.currentTarget.checked })}
      />
      <Switch
        label={t('mountManagement.form.readOnly')}
        description={t('mountManagement.form.readOnlyHint')}
        checked={values.readOnly}
        onChange={(event) => onChange({ readOnly: event.currentTarget.checked })}
      />
    </Stack>
  );
}
