import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../PasswordField';
import type { PasswordMode, ShareEditValues } from './edit-rules';
import type { LocalePrefixWith } from './locale-prefix';

/** The texts the password fields read under their key prefix (e.g. 'file.edit'). */
export interface EditPasswordTexts {
  password: string;
  passwordStateOn: string;
  passwordStateOff: string;
  passwordModes: Record<PasswordMode, string>;
  newPassword: string;
  newPasswordHint: string;
  removeHint: string;
}

const MODES: readonly PasswordMode[] = ['keep', 'set', 'remove'];

/** Keep, set or remove a share's password; "set" asks for the new one. */
export function EditPasswordFields({
  keyPrefix,
  hasPassword,
  passwordMax,
  values,
  onChange,
  error,
}: {
  keyPrefix: LocalePrefixWith<EditPasswordTexts>;
  hasPassword: boolean;
  passwordMax: number;
  values: ShareEditValues;
  onChange: (patch: Partial<ShareEditValues>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const stateId = useId();

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {t(`${keyPrefix}.password`)}
      </Text>
      <Text size="xs" c="dimmed" id={stateId}>
        {hasPassword ? t(`${keyPrefix}.passwordStateOn`) : t(`${keyPrefix}.passwordStateOff`)}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={stateId}
        value={values.passwordMode}
        onChange={(passwordMode) => onChange({ passwordMode, password: '' })}
        data={MODES.map((mode) => ({
          value: mode,
          label: t(`${keyPrefix}.passwordModes.${mode}`),
          // There is nothing to remove from a share without a password.
          disabled: mode === 'remove' && !hasPassword,
        }))}
      />
      {values.passwordMode === 'set' ? (
        <PasswordField
          label={t(`${keyPrefix}.newPassword`)}
          description={t(`${keyPrefix}.newPasswordHint`)}
          required
          autoComplete="new-password"
          maxLength={passwordMax}
          value={values.password}
          onChange={(event) => onChange({ password: event.currentTarget.value })}
          error={error}
        />
      ) : null}
      {values.passwordMode === 'remove' ? (
        <Text size="sm" c="dimmed">
          {t(`${keyPrefix}.removeHint`)}
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
