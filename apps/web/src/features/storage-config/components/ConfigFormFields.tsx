import { Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import {
  defaultStorageRegion,
  STORAGE_CONFIG_NAME_MAX,
  STORAGE_PROVIDER_TYPES,
  STORAGE_PROVIDERS,
  type StorageProviderType,
} from '@pasteport/contract';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { showsField, type ConfigFormField, type ConfigFormValues } from '../config-form';
import { QUOTA_UNIT_CHOICES, type QuotaUnit } from '../quota';

/** Props of ConfigFormFields. */
export interface ConfigFormFieldsProps {
  mode: 'create' | 'edit';
  values: ConfigFormValues;
  onChange: (patch: Partial<ConfigFormValues>) => void;
  errors: Partial<Record<ConfigFormField, string>>;
  /** Editing a config that already has a secret: an empty secret keeps it. */
  secretStored: boolean;
  /** Editing the current default (it cannot be switched off here). */
  isCurrentDefault: boolean;
}

/** Addresses, keys and paths are read character by character: monospaced inputs. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * The inputs of the storage dialog. The provider decides which connection fields show; the
 * region and path-style hints come from the provider's defaults.
 */
export function ConfigFormFields({
  mode,
  values,
  onChange,
  errors,
  secretStored,
  isCurrentDefault,
}: ConfigFormFieldsProps) {
  const { t } = useTranslation();
  const provider = values.provider;
  const spec = STORAGE_PROVIDERS[provider];
  const shows = (field: Parameters<typeof showsField>[1]) => showsField(provider, field);
  const text = (field: keyof ConfigFormValues) => ({
    value: String(values[field]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: event.currentTarget.value }),
  });
  const regionDefault = defaultStorageRegion(provider, values.endpointUrl);

  function changeProvider(next: StorageProviderType) {
    // The new provider's own path-style default: MinIO needs it, OSS refuses it.
    onChange({ provider: next, pathStyle: STORAGE_PROVIDERS[next].defaultPathStyle });
  }

  return (
    <Stack gap="md">
      <TextInput
        label={t('storageConfig.form.name')}
        required
        data-autofocus
        maxLength={STORAGE_CONFIG_NAME_MAX}
        error={errors.name}
        {...text('name')}
      />
      <NativeSelect
        label={t('storageConfig.form.provider')}
        value={provider}
        onChange={(event) => changeProvider(event.currentTarget.value as StorageProviderType)}
        data={STORAGE_PROVIDER_TYPES.map((type) => ({
          value: type,
          label: t(`storageConfig.providers.${type}`),
        }))}
      />
      {shows('endpoint_url') ? (
        <TextInput
          label={t('storageConfig.form.endpoint')}
          required={spec.endpointRequired}
          description={
            spec.endpointExample
              ? t('storageConfig.form.endpointExample', { example: spec.endpointExample })
              : t('storageConfig.form.endpointAws')
          }
          placeholder={spec.endpointExample ?? undefined}
          type="url"
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.endpointUrl}
          {...text('endpointUrl')}
        />
      ) : null}
      {shows('region') ? (
        <TextInput
          label={t('storageConfig.form.region')}
          required={regionDefault === null}
          description={
            regionDefault
              ? t('storageConfig.form.regionDefault', { region: regionDefault })
              : t('storageConfig.form.regionNeeded')
          }
          placeholder={regionDefault ?? undefined}
          autoComplete="off"
          spellCheck={false}
          error={errors.region}
          {...text('region')}
        />
      ) : null}
      {shows('bucket_name') ? (
        <TextInput
          label={t('storageConfig.form.bucket')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.bucketName}
          {...text('bucketName')}
        />
      ) : null}
      {shows('access_key_id') ? (
        <TextInput
          label={t('storageConfig.form.accessKeyId')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.accessKeyId}
          {...text('accessKeyId')}
        />
      ) : null}
      {shows('secret_access_key') ? (
        <PasswordField
          label={t('storageConfig.form.secret')}
          required={!secretStored}
          description={
            secretStored ? t('storageConfig.form.secretStored') : t('storageConfig.form.secretHint')
          }
          placeholder={secretStored ? '••••••••' : undefined}
          autoComplete="new-password"
          error={errors.secretAccessKey}
          {...text('secretAccessKey')}
        />
      ) : null}
      {shows('path_style') ? (
        <Switch
          label={t('storageConfig.form.pathStyle')}
          description={t('storageConfig.form.pathStyleHint')}
          checked={values.pathStyle}
          onChange={(event) => onChange({ pathStyle: event.currentTarget.checked })}
        />
      ) : null}
      {shows('default_folder') ? (
        <TextInput
          label={t('storageConfig.form.defaultFolder')}
          description={t('storageConfig.form.defaultFolderHint')}
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.defaultFolder}
          {...text('defaultFolder')}
        />
      ) : null}
      {shows('custom_host') ? (
        <TextInput
          label={t('storageConfig.form.customHost')}
          description={t('storageConfig.form.customHostHint')}
          type="url"
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.customHost}
          {...text('customHost')}
        />
      ) : null}
      {shows('root_path') ? (
        <TextInput
          label={t('storageConfig.form.rootPath')}
          description={t('storageConfig.form.rootPathHint')}
          required
          autoComplete="off"
          spellCheck={false}
          styles={MONOSPACE_INPUT}
          error={errors.rootPath}
          {...text('rootPath')}
        />
      ) : null}
      <TextInput
        label={t('storageConfig.form.signature')}
        description={t('storageConfig.form.signatureHint')}
        inputMode="numeric"
        required
        error={errors.signatureExpiresIn}
        {...text('signatureExpiresIn')}
      />
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          label={t('storageConfig.form.quota')}
          description={t('storageConfig.form.quotaHint')}
          inputMode="decimal"
          error={errors.quota}
          {...text('quotaValue')}
        />
        <NativeSelect
          w={96}
          label={t('storageConfig.form.quotaUnit')}
          // Aligns the select with the input below the description of its neighbour.
          description=" "
          value={values.quotaUnit}
          onChange={(event) => onChange({ quotaUnit: event.currentTarget.value as QuotaUnit })}
          data={QUOTA_UNIT_CHOICES}
        />
      </Group>
      <Switch
        label={t('storageConfig.form.allowApiKeys')}
        description={t('storageConfig.form.allowApiKeysHint')}
        checked={values.allowApiKeys}
        onChange={(event) => onChange({ allowApiKeys: event.currentTarget.checked })}
      />
      {mode === 'edit' && isCurrentDefault ? (
        <Switch
          label={t('storageConfig.form.isDefault')}
          description={t('storageConfig.form.alreadyDefault')}
          checked
          disabled
        />
      ) : (
        <Switch
          label={t('storageConfig.form.isDefault')}
          description={t('storageConfig.form.isDefaultHint')}
          checked={values.isDefault}
          onChange={(event) => onChange({ isDefault: event.currentTarget.checked })}
        />
      )}
    </Stack>
  );
}
