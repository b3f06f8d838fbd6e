import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of PasswordField: Mantine's, plus the toggle's labels (default: show/hide password). */
export interface PasswordFieldProps extends Omit<
  PasswordInputProps,
  'visible' | 'onVisibilityChange'
> {
  showLabel?: string;
  hideLabel?: string;
}

/**
 * A password input whose show/hide toggle is a named, keyboard-reachable button, and whose
 * input reports its error to assistive technology (Mantine leaves aria-invalid and
 * aria-describedby off the inner input of PasswordInput).
 */
export function PasswordField({ showLabel, hideLabel, id, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  // Mantine names the error and description elements after the input id.
  const describedBy = [
    props.error ? `${inputId}-error` : undefined,
    props.description ? `${inputId}-description` : undefined,
  ].filter(Boolean);

  return (
    <PasswordInput
      {...props}
      id={inputId}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible
          ? (hideLabel ?? t('common.hidePassword'))
          : (showLabel ?? t('common.showPassword')),
        'aria-pressed': visible,
      }}
    />
  );
}
