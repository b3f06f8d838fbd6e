import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { TOUCH_TARGET_PX } from './sizes';

/** How long the button says "copied" before it offers to copy again. */
const COPIED_FOR_MS = 2000;

/**
 * An icon button that copies `value` (where a labelled button would not fit): `label` names it
 * for screen readers and in its tooltip, then `copiedLabel` with a check for a moment.
 */
export function CopyIconButton({
  value,
  label,
  copiedLabel,
  size = TOUCH_TARGET_PX,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  /** In px; a touch target (40) unless the row it sits in is denser. */
  size?: number;
}) {
  return (
    <CopyButton value={value} timeout={COPIED_FOR_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? copiedLabel : label} withinPortal>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : undefined}
            size={size}
            onClick={copy}
            aria-label={copied ? copiedLabel : label}
            style={{ flexShrink: 0 }}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
