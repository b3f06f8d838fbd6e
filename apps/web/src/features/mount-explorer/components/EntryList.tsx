import type { FsItem } from '@pasteport/contract';
import { Checkbox, Group, Text, UnstyledButton } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatDateTime } from '../../../lib/format';
import {
  ENTRY_INDEX_ATTRIBUTE,
  isContextMenuKey,
  keyboardMenuTarget,
} from '../actions/context-menu-key';
import type { PressPoint } from '../actions/long-press';
import { useLongPress } from '../actions/use-long-press';
import { useScrollMargin } from '../listing/use-scroll-margin';
import {
  listingKeyAction,
  type ClickModifiers,
  type ListingKeyAction,
} from '../selection/selection-model';
import { EntryIcon } from './EntryIcon';
import classes from './EntryList.module.css';

/** Height of one row in px (fixed, so the virtual list needs no measuring). */
const ROW_HEIGHT = 44;
/** Rows before the end at which the next page is asked for. */
const LOAD_AHEAD = 40;
/** Rows a PageUp/PageDown moves. */
const PAGE_ROWS = 10;

export interface EntryListProps {
  entries: readonly FsItem[];
  /** The link of an entry: its folder, or its preview. */
  hrefOf: (item: FsItem) => string;
  /** Called when the user scrolls near the end of what is loaded. */
  onEndReached: () => void;
  selected: ReadonlySet<string>;
  /** The entry the keyboard is on: scrolled into view and focused when it changes. */
  focusKey: string | null;
  onSelect: (item: FsItem, modifiers: ClickModifiers) => void;
  onKeyAction: (action: ListingKeyAction) => void;
  /**
   * Asks for the context menu of an entry at a viewport point: right-click, a touch long press
   * (SPEC §2: 500 ms, 10 px), or the Menu key / Shift+F10 on the focused entry. The page makes
   * an unselected entry the selection first; a selected one keeps the multi-selection.
   */
  onContextMenu?: (item: FsItem, at: PressPoint) => void;
}

/** The DOM id of an entry's link (for focus after a keyboard move). */
const linkId = (index: number) => `explorer-entry-${index}`;

/**
 * The list view: one row per entry (checkbox, icon, name, size, modified), virtualised against
 * the page's own scroll so a folder of 100,000 entries keeps a few dozen rows in the DOM. A
 * name is a link (open; Ctrl/Cmd/Shift-click select instead); the keyboard works as in file
 * managers (selection-model.ts).
 */
export function EntryList(props: EntryListProps) {
  const { entries, selected, focusKey } = props;
  const { t, i18n } = useTranslation();
  const { ref, margin } = useScrollMargin<HTMLDivElement>();
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const { onEndReached, onContextMenu } = props;
  const longPress = useLongPress<FsItem>((item, at) => onContextMenu?.(item, at));

  useEffect(() => {
    if (last >= entries.length - LOAD_AHEAD) onEndReached();
  }, [last, entries.length, onEndReached]);

  const focusIndex = focusKey === null ? -1 : entries.findIndex((entry) => entry.path === focusKey);
  useEffect(() => {
    if (focusIndex < 0) return;
    virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
    // The row exists once the virtualiser has rendered it (this frame or the next).
    const focus = () => document.getElementById(linkId(focusIndex))?.focus({ preventScroll: true });
    focus();
    const frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [focusIndex, virtualizer]);

  function onKeyDown(event: KeyboardEvent) {
    if (onContextMenu && isContextMenuKey(event.nativeEvent)) {
      const target = keyboardMenuTarget(event.target as Element);
      const item = target ? entries[target.index] : undefined;
      if (target && item) {
        event.preventDefault();
        onContextMenu(item, target.at);
      }
      return;
    }
    if ((event.target as HTMLElement).closest('input')) return;
    const action = listingKeyAction(event.nativeEvent, PAGE_ROWS);
    if (!action) return;
    event.preventDefault();
    props.onKeyAction(action);
  }

  function onRightClick(event: MouseEvent, item: FsItem) {
    if (!onContextMenu) return;
    event.preventDefault();
    // A touch press opens the menu itself (after its delay); the browser's own event is dropped.
    if (!longPress.ownsContextMenu()) onContextMenu(item, { x: event.clientX, y: event.clientY });
  }

  function onLinkClick(event: MouseEvent, item: FsItem) {
    const modifiers = { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey };
    if (!modifiers.toggle && !modifiers.range) return;
    event.preventDefault();
    props.onSelect(item, modifiers);
  }

  return (
    <div
      ref={ref}
      role="list"
      aria-label={t('mountExplorer.listLabel')}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {items.map((row) => {
        const item = entries[row.index];
        if (!item) return null;
        const isSelected = selected.has(item.path);
        return (
          <div
            key={item.path}
            role="listitem"
            data-selected={isSelected || undefined}
            {...(item.isDirectory ? { 'data-drop-folder': item.path } : {})}
            {...{ [ENTRY_INDEX_ATTRIBUTE]: row.index }}
            className={classes.row}
            style={{ height: ROW_HEIGHT, transform: `translateY(${row.start - margin}px)` }}
            onContextMenu={(event) => onRightClick(event, item)}
            {...(onContextMenu ? longPress.bind(item) : {})}
          >
            <Checkbox
              size="xs"
              className={classes.check}
              aria-label={t('mountExplorer.selection.select', { name: item.name })}
              checked={isSelected}
              onChange={() => props.onSelect(item, { toggle: true, range: false })}
              onClick={(event) => {
                if (event.shiftKey) {
                  event.preventDefault();
                  props.onSelect(item, { toggle: true, range: true });
                }
              }}
            />
            <UnstyledButton
              component={Link}
              id={linkId(row.index)}
              to={props.hrefOf(item)}
              className={classes.link}
              onClick={(event: MouseEvent) => onLinkClick(event, item)}
            >
              <Group gap="sm" wrap="nowrap" className={classes.name}>
                <EntryIcon item={item} />
                <Text size="sm" truncate="end" title={item.name}>
                  {item.name}
                </Text>
              </Group>
              <Text size="xs" className={classes.size}>
                {item.isDirectory ? '' : formatBytes(item.size, i18n.language)}
              </Text>
              <Text size="xs" className={classes.modified}>
                {item.modified ? formatDateTime(item.modified, i18n.language) : ''}
              </Text>
            </UnstyledButton>
          </div>
        );
      })}
    </div>
  );
}
