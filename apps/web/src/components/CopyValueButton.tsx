import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** How long the button says "copied" before it offers to copy again. */
const COPIED_FOR_MS = 2000;

/** A button that copies `value`, then shows `copiedLabel` with a check for a moment. */
export function CopyValueButton({
  value,
  label,
  copiedLabel,
  'data-autofocus': autofocus,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  /** Focus the button when its dialog opens. */
  'data-autofocus'?: boolean;
}) {
  return (
    <CopyButton value={value} timeout={COPIED_FOR_MS}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'light' : 'filled'}
          color={copied ? 'green' : undefined}
          leftSection={
            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
          }
          onClick={copy}
          data-autofocus={autofocus}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}
