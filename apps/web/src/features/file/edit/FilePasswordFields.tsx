import { SegmentedControl, Stack, Text } from '@mantine/core';
import { FILE_PASSWORD_MAX } from '@pasteport/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import type { FileFormValues, PasswordMode } from './file-form';

const MODES: readonly PasswordMode[] = ['keep', 'set', 'remove'];

/** Keep, set or remove the file's password; "set" asks for the new one. */
export function FilePasswordFields({
  hasPassword,
  values,
  onChange,
  error,
}: {
  hasPassword: boolean;
  values: FileFormValues;
  onChange: (patch: Partial<FileFormValues>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const stateId = useId();

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {t('file.edit.password')}
      </Text>
      <Text size="xs" c="dimmed" id={stateId}>
        {hasPassword ? t('file.edit.passwordStateOn') : t('file.edit.passwordStateOff')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={stateId}
        value={values.passwordMode}
        onChange={(mode) => onChange({ passwordMode: mode, password: '' })}
        data={MODES.map((mode) => ({
          value: mode,
          label: t(`file.edit.passwordModes.${mode}`),
          // There is nothing to remove from a file without a password.
          disabled: mode === 'remove' && !hasPassword,
        }))}
      />
      {values.passwordMode === 'set' ? (
        <PasswordField
          label={t('file.edit.newPassword')}
          description={t('file.edit.newPasswordHint')}
          required
          autoComplete="new-password"
          maxLength={FILE_PASSWORD_MAX}
          value={values.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={error}
        />
      ) : null}
      {values.passwordMode === 'remove' ? (
        <Text size="sm" c="dimmed">
          {t('file.edit.removeHint')}
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
