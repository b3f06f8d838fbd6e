import type { FsItem } from '@pasteport/contract';
import { Menu, VisuallyHidden } from '@mantine/core';
import {
  IconBasket,
  IconCopy,
  IconDownload,
  IconEye,
  IconFolderOpen,
  IconFolderShare,
  IconInfoCircle,
  IconLink,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PressPoint } from './long-press';

/** The entries a context menu is for and where it opens (viewport coordinates). */
export interface ContextMenuTarget {
  entries: readonly FsItem[];
  at: PressPoint;
}

/**
 * One callback per action; an action whose callback is absent is not offered. Single-entry
 * actions get the entry, the others every target entry.
 */
export interface ContextMenuActions {
  onOpen?: (entry: FsItem) => void;
  onPreview?: (entry: FsItem) => void;
  onDownload?: (entry: FsItem) => void;
  onCopyLink?: (entry: FsItem) => void;
  onShare?: (entry: FsItem) => void;
  onRename?: (entry: FsItem) => void;
  onCopyTo?: (entries: readonly FsItem[]) => void;
  onMoveTo?: (entries: readonly FsItem[]) => void;
  onDelete?: (entries: readonly FsItem[]) => void;
  onAddToBasket?: (entries: readonly FsItem[]) => void;
  onProperties?: (entry: FsItem) => void;
}

export interface ContextMenuProps extends ContextMenuActions {
  /** What the menu is open for; null keeps it closed. */
  target: ContextMenuTarget | null;
  /** Whether the caller may write in the folder (the listing's `writable`). */
  writable: boolean;
  onClose: () => void;
}

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  run: () => void;
  danger?: boolean;
}

const ICON = { size: 16, 'aria-hidden': true } as const;

/**
 * The explorer's context menu (right-click, long press, Menu key or Shift+F10), opened at a
 * point: a zero-size fixed target there anchors Mantine's menu. Arrow keys move through it,
 * Esc or a click outside closes it, and focus goes back to where it was. With several entries
 * only the actions for many remain; rename, move and delete need a writable folder (copy to
 * stays: the target decides).
 */
export function ContextMenu({ target, writable, onClose, ...actions }: ContextMenuProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const opened = target !== null;

  const items = target ? menuItems(target.entries, writable, actions, t) : [];
  const groups = splitGroups(items);
  const entries = target?.entries ?? [];

  return (
    <>
      {opened ? (
        <VisuallyHidden id={labelId}>
          {t('explorerMenu.label', { count: entries.length, name: entries[0]?.name })}
        </VisuallyHidden>
      ) : null}
      <Menu
        opened={opened}
        onChange={(open) => {
          if (!open) onClose();
        }}
        position="bottom-start"
        offset={2}
        loop
        withinPortal
        // The focus trap moves focus into the menu and, closing, back to where it was.
        trapFocus
        // Without Mantine's focus placeholder: a focusable child a menu may not own (axe).
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <div
            aria-hidden
            style={{
              position: 'fixed',
              left: target?.at.x ?? 0,
              top: target?.at.y ?? 0,
              width: 0,
              height: 0,
              pointerEvents: 'none',
            }}
          />
        </Menu.Target>
        {/* Named by a text outside it: a menu may own only its items (axe). */}
        <Menu.Dropdown aria-labelledby={labelId}>
          {groups.map((group, index) => (
            <Fragment key={group[0]?.key ?? index}>
              {index > 0 ? <Menu.Divider /> : null}
              {group.map((item) => (
                <Menu.Item
                  key={item.key}
                  leftSection={item.icon}
                  // The theme's error red: Mantine's filled red is 3.3:1 on white.
                  c={item.danger ? 'var(--mantine-color-error)' : undefined}
                  onClick={item.run}
                >
                  {item.label}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

/** The menu's items for the target, in groups separated by `null`. */
function menuItems(
  entries: readonly FsItem[],
  writable: boolean,
  actions: ContextMenuActions,
  t: TFunction,
): (Item | null)[] {
  const single = entries.length === 1 ? entries[0] : undefined;
  const file = single && !single.isDirectory ? single : undefined;
  const one = (
    key: string,
    entry: FsItem | undefined,
    run: ((entry: FsItem) => void) | undefined,
    label: string,
    icon: ReactNode,
    danger = false,
  ): Item[] => (entry && run ? [{ key, label, icon, run: () => run(entry), danger }] : []);
  const many = (
    key: string,
    allowed: boolean,
    run: ((entries: readonly FsItem[]) => void) | undefined,
    label: string,
    icon: ReactNode,
    danger = false,
  ): Item[] =>
    allowed && run && entries.length > 0
      ? [{ key, label, icon, run: () => run(entries), danger }]
      : [];

  return [
    ...one(
      'open',
      single,
      actions.onOpen,
      t('explorerMenu.items.open'),
      <IconFolderOpen {...ICON} />,
    ),
    ...one(
      'preview',
      file,
      actions.onPreview,
      t('explorerMenu.items.preview'),
      <IconEye {...ICON} />,
    ),
    ...one(
      'download',
      file,
      actions.onDownload,
      t('explorerMenu.items.download'),
      <IconDownload {...ICON} />,
    ),
    null,
    ...one(
      'copyLink',
      file,
      actions.onCopyLink,
      t('explorerMenu.items.copyLink'),
      <IconLink {...ICON} />,
    ),
    ...one('share', file, actions.onShare, t('explorerMenu.items.share'), <IconShare {...ICON} />),
    ...many(
      'addToBasket',
      true,
      actions.onAddToBasket,
      t('explorerMenu.items.addToBasket'),
      <IconBasket {...ICON} />,
    ),
    null,
    ...one(
      'rename',
      writable ? single : undefined,
      actions.onRename,
      t('explorerMenu.items.rename'),
      <IconPencil {...ICON} />,
    ),
    ...many(
      'copyTo',
      true,
      actions.onCopyTo,
      t('explorerMenu.items.copyTo'),
      <IconCopy {...ICON} />,
    ),
    ...many(
      'moveTo',
      writable,
      actions.onMoveTo,
      t('explorerMenu.items.moveTo'),
      <IconFolderShare {...ICON} />,
    ),
    ...many(
      'delete',
      writable,
      actions.onDelete,
      t('explorerMenu.items.delete'),
      <IconTrash {...ICON} />,
      true,
    ),
    null,
    ...one(
      'properties',
      single,
      actions.onProperties,
      t('explorerMenu.items.properties'),
      <IconInfoCircle {...ICON} />,
    ),
  ];
}

/** The items split at the `null` markers, without empty groups. */
function splitGroups(items: readonly (Item | null)[]): Item[][] {
  const groups: Item[][] = [[]];
  for (const item of items) {
    if (item === null) groups.push([]);
    else groups.at(-1)?.push(item);
  }
  return groups.filter((group) => group.length > 0);
}
