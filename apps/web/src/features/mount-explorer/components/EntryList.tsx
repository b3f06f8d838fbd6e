import type { FsItem } from '@pasteport/contract';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useScrollMargin } from '../listing/use-scroll-margin';
import { EntryIcon } from './EntryIcon';
import classes from './EntryList.module.css';

/** Height of one row in px (fixed, so the virtual list needs no measuring). */
const ROW_HEIGHT = 44;
/** Rows before the end at which the next page is asked for. */
const LOAD_AHEAD = 40;

export interface EntryListProps {
  entries: readonly FsItem[];
  /** The link of an entry: its folder, or its preview. */
  hrefOf: (item: FsItem) => string;
  /** Called when the user scrolls near the end of what is loaded. */
  onEndReached: () => void;
}

/**
 * The list view: one row per entry (icon, name, size, modified), virtualised against the page's
 * own scroll so a folder of 100,000 entries keeps a few dozen rows in the DOM.
 */
export function EntryList({ entries, hrefOf, onEndReached }: EntryListProps) {
  const { i18n } = useTranslation();
  const { ref, margin } = useScrollMargin<HTMLDivElement>();
  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (last >= entries.length - LOAD_AHEAD) onEndReached();
  }, [last, entries.length, onEndReached]);

  return (
    <div
      ref={ref}
      role="list"
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((row) => {
        const item = entries[row.index];
        if (!item) return null;
        return (
          <div
            key={item.path}
            role="listitem"
            className={classes.row}
            style={{
              height: ROW_HEIGHT,
              transform: `translateY(${row.start - margin}px)`,
            }}
          >
            <UnstyledButton component={Link} to={hrefOf(item)} className={classes.link}>
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
