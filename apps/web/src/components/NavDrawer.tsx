import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_TARGET_PX } from './sizes';

/** Props of NavDrawer: the drawer's id (for aria-controls), state, title and close label. */
export interface NavDrawerProps {
  id: string;
  opened: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  /** Accessible name of the navigation landmark inside. */
  navLabel: string;
  children: ReactNode;
}

/** A phone-only side drawer holding one navigation landmark (main menu, admin sections). */
export function NavDrawer({
  id,
  opened,
  onClose,
  title,
  closeLabel,
  navLabel,
  children,
}: NavDrawerProps) {
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ size: TOUCH_TARGET_PX, iconSize: 20, 'aria-label': closeLabel }}
      hiddenFrom="sm"
      size="xs"
    >
      <nav aria-label={navLabel}>{children}</nav>
    </Drawer>
  );
}
