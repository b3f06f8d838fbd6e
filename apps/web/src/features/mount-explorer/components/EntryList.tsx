import type { FsItem } from '@pasteport/contract';
import { Checkbox, Group, Text, UnstyledButton } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatDateTime } from '../../../lib/format';
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
  const { onEndReached } = props;

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
    if ((event.target as HTMLElement).closest('input')) return;
    const action = listingKeyAction(event.nativeEvent, PAGE_ROWS);
    if (!action) return;
    event.preventDefault();
    props.onKeyAction(action);
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
            className={classes.row}
            style={{ height: ROW_HEIGHT, transform: `translateY(${row.start - margin}px)` }}
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
              <Text size="xs" c="dimmed" className={classes.size}>
                {item.isDirectory ? '' : formatBytes(item.size, i18n.language)}
              </Text>
              <Text size="xs" c="dimmed" className={classes.modified}>
                {item.modified ? formatDateTime(item.modified, i18n.language) : ''}
              </Text>
            </UnstyledButton>
          </div>
        );
      })}
    </div>
  );
}
