import type { FsItem } from '@pasteport/contract';
import { Card, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../lib/format';
import {
  ENTRY_INDEX_ATTRIBUTE,
  isContextMenuKey,
  keyboardMenuTarget,
} from '../actions/context-menu-key';
import type { PressPoint } from '../actions/long-press';
import { useLongPress } from '../actions/use-long-press';
import { useScrollMargin } from '../listing/use-scroll-margin';
import { isImage, Thumbnail } from './Thumbnail';
import classes from './EntryGrid.module.css';

/** Card sizes per view: grid is compact, gallery shows images large. */
const LAYOUT = {
  grid: { minWidth: 150, height: 160, thumb: 96 },
  gallery: { minWidth: 240, height: 260, thumb: 200 },
} as const;
const GAP = 12;

export interface EntryGridProps {
  entries: readonly FsItem[];
  hrefOf: (item: FsItem) => string;
  onEndReached: () => void;
  view: 'grid' | 'gallery';
  /** As EntryList's: right-click, touch long press, Menu key or Shift+F10 on a card. */
  onContextMenu?: (item: FsItem, at: PressPoint) => void;
  /**
   * A plain click on an image opens it here (the lightbox) instead of following its link;
   * Ctrl/Cmd/Shift-click and middle-click still follow the link.
   */
  onOpenImage?: (item: FsItem) => void;
}

/**
 * The grid and gallery views: cards in rows as wide as the page allows, virtualised by row;
 * images show a thumbnail (fetched only for cards on screen), other entries their icon.
 */
export function EntryGrid(props: EntryGridProps) {
  const { entries, hrefOf, onEndReached, view, onContextMenu, onOpenImage } = props;
  const { t, i18n } = useTranslation();
  const layout = LAYOUT[view];
  const { ref: sizeRef, width } = useElementSize();
  const { ref, margin } = useScrollMargin<HTMLDivElement>();
  const columns = Math.max(1, Math.floor((width + GAP) / (layout.minWidth + GAP)) || 1);
  const rows = Math.ceil(entries.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => layout.height + GAP,
    overscan: 3,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const longPress = useLongPress<FsItem>((item, at) => onContextMenu?.(item, at));
  const lastRow = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if ((lastRow + 1) * columns >= entries.length - 4 * columns) onEndReached();
  }, [lastRow, columns, entries.length, onEndReached]);

  function onKeyDown(event: KeyboardEvent) {
    if (!onContextMenu || !isContextMenuKey(event.nativeEvent)) return;
    const target = keyboardMenuTarget(event.target as Element);
    const item = target ? entries[target.index] : undefined;
    if (!target || !item) return;
    event.preventDefault();
    onContextMenu(item, target.at);
  }

  function onRightClick(event: MouseEvent, item: FsItem) {
    if (!onContextMenu) return;
    event.preventDefault();
    if (!longPress.ownsContextMenu()) onContextMenu(item, { x: event.clientX, y: event.clientY });
  }

  return (
    <div ref={sizeRef}>
      <div
        ref={ref}
        role="list"
        aria-label={t('mountExplorer.listLabel')}
        className={classes.grid}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {items.map((row) => (
          <div
            key={row.index}
            className={classes.row}
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: GAP,
              height: layout.height,
              transform: `translateY(${row.start - margin}px)`,
            }}
          >
            {entries
              .slice(row.index * columns, row.index * columns + columns)
              .map((item, column) => (
                <Card
                  key={item.path}
                  role="listitem"
                  withBorder
                  padding={8}
                  className={classes.card}
                  {...{ [ENTRY_INDEX_ATTRIBUTE]: row.index * columns + column }}
                  onContextMenu={(event: MouseEvent) => onRightClick(event, item)}
                  {...(onContextMenu ? longPress.bind(item) : {})}
                  {...(item.isDirectory ? { 'data-drop-folder': item.path } : {})}
                >
                  <UnstyledButton
                    component={Link}
                    to={hrefOf(item)}
                    className={classes.link}
                    onClick={(event: MouseEvent) => {
                      const plain = !event.ctrlKey && !event.metaKey && !event.shiftKey;
                      if (plain && onOpenImage && isImage(item)) {
                        event.preventDefault();
                        onOpenImage(item);
                      }
                    }}
                  >
                    <div className={classes.visual} style={{ height: layout.thumb }}>
                      <Thumbnail item={item} size={layout.thumb} />
                    </div>
                    <Text size="sm" truncate="end" title={item.name} w="100%">
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.isDirectory ? '\u00a0' : formatBytes(item.size, i18n.language)}
                    </Text>
                  </UnstyledButton>
                </Card>
              ))}
          </div>
        ))}
      </div>
    </div>
  );
}
