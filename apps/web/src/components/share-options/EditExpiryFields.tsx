import { Group, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../WholeNumberInput';
import {
  EXPIRY_AMOUNT_MAX,
  EXPIRY_UNITS,
  formatDuration,
  hasExpired,
  QUICK_EXPIRY_CHOICES,
  type ExpiryUnit,
} from '../../lib/expiry';
import { formatDateTime } from '../../lib/format';
import { quickExpiry, type ExpirySelection, type ShareEditValues } from './edit-rules';
import type { LocalePrefixWith } from './locale-prefix';

/** The texts the expiry fields read under their key prefix (e.g. 'file.edit'). */
export interface EditExpiryTexts {
  expiry: string;
  currentNever: string;
  currentExpiry: string;
  currentExpired: string;
  expiryChoices: { keep: string; never: string; in: string; custom: string };
  customAmount: string;
  customUnit: string;
  units: Record<ExpiryUnit, string>;
}

/**
 * The expiry of an edit form (SPEC §5): keep the current one (named in the description),
 * never, a quick choice, or N hours/days/weeks/months from now.
 */
export function EditExpiryFields({
  keyPrefix,
  expiresAt,
  values,
  onChange,
  error,
  now,
}: {
  keyPrefix: LocalePrefixWith<EditExpiryTexts>;
  /** The loaded share's expiry. */
  expiresAt: string | null;
  values: ShareEditValues;
  onChange: (patch: Partial<ShareEditValues>) => void;
  error: string | undefined;
  /** When the share was loaded, to say whether its expiry has passed. */
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const current =
    expiresAt === null
      ? t(`${keyPrefix}.currentNever`)
      : t(
          hasExpired(expiresAt, now) ? `${keyPrefix}.currentExpired` : `${keyPrefix}.currentExpiry`,
          {
            when: formatDateTime(expiresAt, i18n.language),
          },
        );
  const choices = [
    { value: 'keep', label: t(`${keyPrefix}.expiryChoices.keep`) },
    { value: 'never', label: t(`${keyPrefix}.expiryChoices.never`) },
    ...QUICK_EXPIRY_CHOICES.flatMap((choice, index) =>
      choice.kind === 'after'
        ? [
            {
              value: quickExpiry(index),
              label: t(`${keyPrefix}.expiryChoices.in`, {
                duration: formatDuration(choice.amount, choice.unit, i18n.language),
              }),
            },
          ]
        : [],
    ),
    { value: 'custom', label: t(`${keyPrefix}.expiryChoices.custom`) },
  ];

  return (
    <Stack gap="xs">
      <NativeSelect
        label={t(`${keyPrefix}.expiry`)}
        description={current}
        value={values.expiry}
        onChange={(event) => onChange({ expiry: event.currentTarget.value as ExpirySelection })}
        data={choices}
        error={values.expiry === 'custom' ? undefined : error}
      />
      {values.expiry === 'custom' ? (
        <Group gap="xs" align="flex-start" grow>
          <WholeNumberInput
            label={t(`${keyPrefix}.customAmount`)}
            required
            min={1}
            max={EXPIRY_AMOUNT_MAX[values.customUnit]}
            value={values.customAmount}
            onChange={(customAmount) => onChange({ customAmount })}
            error={error}
          />
          <NativeSelect
            label={t(`${keyPrefix}.customUnit`)}
            value={values.customUnit}
            onChange={(event) => onChange({ customUnit: event.currentTarget.value as ExpiryUnit })}
            data={EXPIRY_UNITS.map((unit) => ({
              value: unit,
              label: t(`${keyPrefix}.units.${unit}`),
            }))}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
