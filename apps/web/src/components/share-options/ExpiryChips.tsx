import { Chip, Fieldset, Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../WholeNumberInput';
import {
  EXPIRY_AMOUNT_MAX,
  EXPIRY_UNITS,
  formatDuration,
  QUICK_EXPIRY_CHOICES,
  type ExpiryUnit,
} from '../../lib/expiry';
import type { LocalePrefixWith } from './locale-prefix';
import {
  isExpiryUnit,
  presetOf,
  type ExpiryPreset,
  type ShareOptionField,
  type ShareOptionValues,
} from './option-rules';

/** The texts the chips read under their key prefix (e.g. 'home.options'). */
export interface ExpiryChipsTexts {
  expiry: string;
  never: string;
  custom: string;
  customAmount: string;
  customUnit: string;
  units: Record<ExpiryUnit, string>;
}

/** Chips at the 40 px touch target (Mantine's md chip is 32 px). */
const CHIP_STYLES = { label: { height: 40, lineHeight: '38px' } };

/** The SPEC §5 expiry choices as chips, with a number and unit for a custom one. */
export function ExpiryChips({
  keyPrefix,
  presets,
  name,
  options,
  onChange,
  errors,
}: {
  keyPrefix: LocalePrefixWith<ExpiryChipsTexts>;
  /** The chips in the order this form offers them. */
  presets: readonly ExpiryPreset[];
  /** The chips' input name, unique on the page. */
  name: string;
  options: Pick<ShareOptionValues, 'expiry' | 'customAmount' | 'customUnit'>;
  onChange: (patch: Partial<ShareOptionValues>) => void;
  errors: Partial<Record<ShareOptionField, string>>;
}) {
  const { t, i18n } = useTranslation();
  const label = (preset: ExpiryPreset) => {
    if (preset === 'never') return t(`${keyPrefix}.never`);
    if (preset === 'custom') return t(`${keyPrefix}.custom`);
    const choice = QUICK_EXPIRY_CHOICES.find((quick) => presetOf(quick) === preset);
    return choice?.kind === 'after'
      ? formatDuration(choice.amount, choice.unit, i18n.language)
      : preset;
  };

  return (
    <Fieldset variant="unstyled" legend={t(`${keyPrefix}.expiry`)} p={0}>
      <Chip.Group value={options.expiry} onChange={(expiry) => onChange({ expiry })}>
        <Group gap="xs" mt={4}>
          {presets.map((preset) => (
            <Chip key={preset} value={preset} name={name} size="md" styles={CHIP_STYLES}>
              {label(preset)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {options.expiry === 'custom' ? (
        <Group align="flex-start" gap="xs" mt="sm" wrap="nowrap">
          <WholeNumberInput
            label={t(`${keyPrefix}.customAmount`)}
            value={options.customAmount}
            onChange={(customAmount) => onChange({ customAmount })}
            min={1}
            max={EXPIRY_AMOUNT_MAX[options.customUnit]}
            error={errors.expiry}
            w={140}
            size="md"
          />
          <NativeSelect
            label={t(`${keyPrefix}.customUnit`)}
            value={options.customUnit}
            onChange={(event) => {
              const unit = event.currentTarget.value;
              if (isExpiryUnit(unit)) onChange({ customUnit: unit });
            }}
            data={EXPIRY_UNITS.map((unit) => ({
              value: unit,
              label: t(`${keyPrefix}.units.${unit}`),
            }))}
            size="md"
          />
        </Group>
      ) : null}
    </Fieldset>
  );
}
