import {
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  API_KEY_EXPIRY_CHOICES,
  API_KEY_MOUNT_LEVELS,
  API_KEY_NAME_MAX,
  CUSTOM_KEY_MIN,
} from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { MAX_CUSTOM_DAYS, type KeyFormField, type KeyFormValues } from '../key-form';

/** Props of KeyFormFields: values, change handler, visible errors and what the key expires now. */
export interface KeyFormFieldsProps {
  mode: 'create' | 'edit';
  values: KeyFormValues;
  onChange: (patch: Partial<KeyFormValues>) => void;
  errors: Partial<Record<KeyFormField, string>>;
  /** Shown in the 'keep current' choice when editing. */
  currentExpiry?: string;
}

/** The permissions that are on or off; the mount permission has three levels (a radio group). */
const PERMISSIONS = ['text', 'file'] as const;

/** Paths and keys are read character by character, so only their input is monospaced. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** The inputs of the create and edit dialogs; a custom key is offered only when creating. */
export function KeyFormFields({
  mode,
  values,
  onChange,
  errors,
  currentExpiry,
}: KeyFormFieldsProps) {
  const { t } = useTranslation();
  const expiryChoices = [
    ...(mode === 'edit' ? (['keep'] as const) : []),
    ...API_KEY_EXPIRY_CHOICES,
  ];

  return (
    <Stack gap="md">
      <TextInput
        label={t('keys.form.name')}
        required
        data-autofocus
        maxLength={API_KEY_NAME_MAX}
        value={values.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        error={errors.name}
      />
      <NativeSelect
        label={t('keys.form.expiry')}
        value={values.expiry}
        onChange={(event) =>
          onChange({ expiry: event.currentTarget.value as KeyFormValues['expiry'] })
        }
        data={expiryChoices.map((choice) => ({
          value: choice,
          label: t(`keys.form.expiryChoices.${choice}`, { current: currentExpiry ?? '' }),
        }))}
      />
      {values.expiry === 'custom' ? (
        <NumberInput
          label={t('keys.form.customDays')}
          required
          min={1}
          max={MAX_CUSTOM_DAYS}
          allowDecimal={false}
          allowNegative={false}
          value={values.customDays}
          onChange={(value) => onChange({ customDays: String(value) })}
          error={errors.customDays}
        />
      ) : null}
      <Fieldset legend={t('keys.form.permissions')} variant="unstyled">
        <Stack gap="sm">
          {PERMISSIONS.map((permission) => (
            <Switch
              key={permission}
              label={t(`keys.permissions.${permission}`)}
              description={t(`keys.form.permissionHints.${permission}`)}
              checked={values[permission]}
              onChange={(event) => onChange({ [permission]: event.currentTarget.checked })}
            />
          ))}
          <Radio.Group
            label={t('keys.permissions.mount')}
            description={t('keys.form.permissionHints.mount')}
            value={values.mount}
            onChange={(value) => onChange({ mount: value })}
            error={errors.mount}
          >
            <Group gap="md" mt={6}>
              {API_KEY_MOUNT_LEVELS.map((level) => (
                <Radio key={level} value={level} label={t(`keys.mountLevels.${level}`)} />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
      </Fieldset>
      <TextInput
        label={t('keys.form.basicPath')}
        description={t('keys.form.basicPathHint')}
        required
        styles={MONOSPACE_INPUT}
        value={values.basicPath}
        onChange={(event) => onChange({ basicPath: event.currentTarget.value })}
        error={errors.basicPath}
      />
      {mode === 'create' ? (
        <>
          <Switch
            label={t('keys.form.useCustomKey')}
            checked={values.useCustomKey}
            onChange={(event) => onChange({ useCustomKey: event.currentTarget.checked })}
          />
          {values.useCustomKey ? (
            <TextInput
              label={t('keys.form.customKey')}
              description={t('keys.form.customKeyHint', { min: CUSTOM_KEY_MIN })}
              required
              autoComplete="off"
              spellCheck={false}
              styles={MONOSPACE_INPUT}
              value={values.customKey}
              onChange={(event) => onChange({ customKey: event.currentTarget.value })}
              error={errors.customKey}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
