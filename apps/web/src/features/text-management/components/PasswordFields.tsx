import { SegmentedControl, Stack, Text } from '@mantine/core';
import { PASTE_PASSWORD_MAX } from '@pasteport/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import type { PasswordMode, PasteFormValues } from '../paste-form';

/** Keep, set or remove the password; "set" asks for the new one. */
export function PasswordFields({
  hasPassword,
  values,
  onChange,
  error,
}: {
  hasPassword: boolean;
  values: PasteFormValues;
  onChange: (patch: Partial<PasteFormValues>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const stateId = useId();
  const modes: PasswordMode[] = ['keep', 'set', 'remove'];

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {t('textManagement.form.password')}
      </Text>
      <Text size="xs" c="dimmed" id={stateId}>
        {hasPassword
          ? t('textManagement.form.passwordStateOn')
          : t('textManagement.form.passwordStateOff')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={stateId}
        value={values.passwordMode}
        onChange={(passwordMode) => onChange({ passwordMode, password: '' })}
        data={modes.map((mode) => ({
          value: mode,
          label: t(`textManagement.form.passwordModes.${mode}`),
          // There is nothing to remove from a paste without a password.
          disabled: mode === 'remove' && !hasPassword,
        }))}
      />
      {values.passwordMode === 'set' ? (
        <PasswordField
          label={t('textManagement.form.newPassword')}
          description={t('textManagement.form.newPasswordHint')}
          required
          autoComplete="new-password"
          maxLength={PASTE_PASSWORD_MAX}
          value={values.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={error}
        />
      ) : null}
      {values.passwordMode === 'remove' ? (
        <Text size="sm" c="dimmed">
          {t('textManagement.form.removeHint')}
        </Text>
      ) : null}
      {values.passwordMode !== 'set' && error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
