import { Group, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import {
  EXPIRY_AMOUNT_MAX,
  EXPIRY_UNITS,
  formatDuration,
  hasExpired,
  QUICK_EXPIRY_CHOICES,
  type ExpiryUnit,
} from '../../../lib/expiry';
import { quickExpiry, type ExpirySelection, type FileFormValues } from './file-form';

/**
 * The expiry of the edit form (SPEC §5): keep the current one (named in the description),
 * never, a quick choice, or N hours/days/weeks/months from now.
 */
export function FileExpiryFields({
  expiresAt,
  values,
  onChange,
  error,
  now,
}: {
  expiresAt: string | null;
  values: FileFormValues;
  onChange: (patch: Partial<FileFormValues>) => void;
  error: string | undefined;
  /** When the file was loaded, to say whether its expiry has passed. */
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const current =
    expiresAt === null
      ? t('file.edit.currentNever')
      : t(hasExpired(expiresAt, now) ? 'file.edit.currentExpired' : 'file.edit.currentExpiry', {
          when: formatDateTime(expiresAt, i18n.language),
        });
  const choices = [
    { value: 'keep', label: t('file.edit.expiryChoices.keep') },
    { value: 'never', label: t('file.edit.expiryChoices.never') },
    ...QUICK_EXPIRY_CHOICES.flatMap((choice, index) =>
      choice.kind === 'after'
        ? [
            {
              value: quickExpiry(index),
              label: t('file.edit.expiryChoices.in', {
                duration: formatDuration(choice.amount, choice.unit, i18n.language),
              }),
            },
          ]
        : [],
    ),
    { value: 'custom', label: t('file.edit.expiryChoices.custom') },
  ];

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('file.edit.expiry')}
        description={current}
        value={values.expiry}
        onChange={(event) => onChange({ expiry: event.currentTarget.value as ExpirySelection })}
        data={choices}
        error={values.expiry === 'custom' ? undefined : error}
      />
      {values.expiry === 'custom' ? (
        <Group gap="xs" align="flex-start" grow>
          <NumberInput
            label={t('file.edit.customAmount')}
            required
            min={1}
            max={EXPIRY_AMOUNT_MAX[values.customUnit]}
            allowDecimal={false}
            allowNegative={false}
            value={values.customAmount}
            onChange={(customAmount) => onChange({ customAmount })}
            error={error}
          />
          <NativeSelect
            label={t('file.edit.customUnit')}
            value={values.customUnit}
            onChange={(event) => onChange({ customUnit: event.currentTarget.value as ExpiryUnit })}
            data={EXPIRY_UNITS.map((unit) => ({
              value: unit,
              label: t(`file.edit.units.${unit}`),
            }))}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
