import { TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/** Keeps the digits of what was typed or pasted ("1 000", "12a" → "1000", "12"). */
export function digitsOf(text: string): string {
  return text.replace(/\D+/g, '');
}

/** One step up or down from `value` (empty counts as `min`, or 0), kept within the bounds. */
export function stepped(value: string, delta: number, min?: number, max?: number): string {
  const current = value === '' ? (min ?? 0) - delta : Number(value);
  let next = current + delta;
  if (min !== undefined) next = Math.max(min, next);
  if (max !== undefined) next = Math.min(max, next);
  return String(next);
}

export interface WholeNumberInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'type' | 'inputMode' | 'min' | 'max'
> {
  value: string | number;
  /** The digits in the field ('' when empty); range errors are the form's rules' to name. */
  onChange: (value: string) => void;
  min?: number;
  max?: number;
}

/**
 * A field for a whole number of zero or more: only digits get in, ArrowUp/ArrowDown step by one
 * within `min`/`max`, phones show their number pad. Mantine's NumberInput does the same with a
 * formatting library of about 15 kB compressed, which the sharing forms of every guest page would
 * carry; what is out of range is left as typed for the form to name, never silently clamped.
 */
export function WholeNumberInput({
  value,
  onChange,
  min = 0,
  max,
  ...props
}: WholeNumberInputProps) {
  const text = String(value);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onChange(stepped(digitsOf(text), event.key === 'ArrowUp' ? 1 : -1, min, max));
  };
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => onChange(digitsOf(event.currentTarget.value))}
      onKeyDown={onKeyDown}
      inputMode="numeric"
      autoComplete="off"
    />
  );
}
