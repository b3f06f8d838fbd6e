import type { FsItem } from '@pasteport/contract';
import { Card, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../lib/format';
import { useScrollMargin } from '../listing/use-scroll-margin';
import { Thumbnail } from './Thumbnail';
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
}

/**
 * The grid and gallery views: cards in rows as wide as the page allows, virtualised by row;
 * images show a thumbnail (fetched only for cards on screen), other entries their icon.
 */
export function EntryGrid({ entries, hrefOf, onEndReached, view }: EntryGridProps) {
  const { i18n } = useTranslation();
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
  const lastRow = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if ((lastRow + 1) * columns >= entries.length - 4 * columns) onEndReached();
  }, [lastRow, columns, entries.length, onEndReached]);

  return (
    <div ref={sizeRef}>
      <div
        ref={ref}
        role="list"
        className={classes.grid}
        style={{ height: virtualizer.getTotalSize() }}
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
            {entries.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <Card key={item.path} role="listitem" withBorder padding={8} className={classes.card}>
                <UnstyledButton component={Link} to={hrefOf(item)} className={classes.link}>
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
