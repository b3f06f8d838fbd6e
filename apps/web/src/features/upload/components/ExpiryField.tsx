import { Chip, Fieldset, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EXPIRY_AMOUNT_MAX,
  EXPIRY_UNITS,
  formatDuration,
  QUICK_EXPIRY_CHOICES,
} from '../../../lib/expiry';
import { EXPIRY_PRESETS, isExpiryUnit, presetOf, type UploadOptions } from '../upload-options';

/** Chips at the 40 px touch target (Mantine's md chip is 32 px). */
const CHIP_STYLES = { label: { height: 40, lineHeight: '38px' } };

/** The SPEC §5 expiry choices as chips, with a number and unit for a custom one. */
export function ExpiryField({
  options,
  onChange,
  error,
}: {
  options: UploadOptions;
  onChange: (patch: Partial<UploadOptions>) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const label = (preset: string) => {
    if (preset === 'never') return t('upload.options.never');
    if (preset === 'custom') return t('upload.options.custom');
    const choice = QUICK_EXPIRY_CHOICES.find((quick) => presetOf(quick) === preset);
    return choice?.kind === 'after'
      ? formatDuration(choice.amount, choice.unit, i18n.language)
      : preset;
  };

  return (
    <Fieldset variant="unstyled" legend={t('upload.options.expiry')} p={0}>
      <Chip.Group value={options.expiry} onChange={(expiry) => onChange({ expiry })}>
        <Group gap="xs" mt={4}>
          {EXPIRY_PRESETS.map((preset) => (
            <Chip key={preset} value={preset} name="upload-expiry" size="md" styles={CHIP_STYLES}>
              {label(preset)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {options.expiry === 'custom' ? (
        <Group align="flex-start" gap="xs" mt="sm" wrap="nowrap">
          <NumberInput
            label={t('upload.options.customAmount')}
            value={options.customAmount}
            onChange={(value) => onChange({ customAmount: String(value) })}
            min={1}
            max={EXPIRY_AMOUNT_MAX[options.customUnit]}
            allowDecimal={false}
            allowNegative={false}
            error={error}
            w={140}
            size="md"
          />
          <NativeSelect
            label={t('upload.options.customUnit')}
            value={options.customUnit}
            onChange={(event) => {
              const unit = event.currentTarget.value;
              if (isExpiryUnit(unit)) onChange({ customUnit: unit });
            }}
            data={EXPIRY_UNITS.map((unit) => ({
              value: unit,
              label: t(`upload.options.units.${unit}`),
            }))}
            size="md"
          />
        </Group>
      ) : null}
    </Fieldset>
  );
}
