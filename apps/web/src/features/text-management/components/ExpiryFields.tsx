import { Group, NativeSelect, NumberInput, Stack } from '@mantine/core';
import type { PasteDetail } from '@pasteport/contract';
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
import { quickExpiry, type ExpirySelection, type PasteFormValues } from '../paste-form';

/**
 * The expiry of the edit form (SPEC §5): keep the current one (named in the description),
 * never, a quick choice, or N hours/days/weeks/months.
 */
export function ExpiryFields({
  paste,
  values,
  onChange,
  error,
  now,
}: {
  paste: PasteDetail;
  values: PasteFormValues;
  onChange: (patch: Partial<PasteFormValues>) => void;
  error: string | undefined;
  /** When the paste was loaded, to say whether its expiry has passed. */
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const current =
    paste.expires_at === null
      ? t('textManagement.form.currentNever')
      : t(
          hasExpired(paste.expires_at, now)
            ? 'textManagement.form.currentExpired'
            : 'textManagement.form.currentExpiry',
          { when: formatDateTime(paste.expires_at, i18n.language) },
        );
  const choices = [
    { value: 'keep', label: t('textManagement.form.expiryChoices.keep') },
    { value: 'never', label: t('textManagement.form.expiryChoices.never') },
    ...QUICK_EXPIRY_CHOICES.flatMap((choice, index) =>
      choice.kind === 'after'
        ? [
            {
              value: quickExpiry(index),
              label: t('textManagement.form.expiryChoices.in', {
                duration: formatDuration(choice.amount, choice.unit, i18n.language),
              }),
            },
          ]
        : [],
    ),
    { value: 'custom', label: t('textManagement.form.expiryChoices.custom') },
  ];

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t('textManagement.form.expiry')}
        description={current}
        value={values.expiry}
        onChange={(event) => onChange({ expiry: event.currentTarget.value as ExpirySelection })}
        data={choices}
        error={values.expiry === 'custom' ? undefined : error}
      />
      {values.expiry === 'custom' ? (
        <Group gap="xs" align="flex-start" grow>
          <NumberInput
            label={t('textManagement.form.customAmount')}
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
            label={t('textManagement.form.customUnit')}
            value={values.customUnit}
            onChange={(event) => onChange({ customUnit: event.currentTarget.value as ExpiryUnit })}
            data={EXPIRY_UNITS.map((unit) => ({
              value: unit,
              label: t(`textManagement.form.units.${unit}`),
            }))}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
