import { Button, Collapse } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

/**
 * A "more options" button and the part it opens. The part stays mounted while closed, so
 * what was typed there survives and the caller can still focus a field with an error.
 */
export function MoreOptions({
  label,
  open,
  onToggle,
  children,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const partId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="sm"
        mih={40}
        px="xs"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={partId}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
      >
        {label}
      </Button>
      <Collapse expanded={open} id={partId} keepMountedMode="display-none">
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </div>
  );
}
