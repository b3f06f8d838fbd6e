import type { FsItem } from '@pasteport/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { previewChoiceOf } from '../../file/preview-kind';
import { FS_QUERY_KEY } from '../../../lib/query-keys';
import { fetchFileLink } from '../api';
import { EntryIcon } from './EntryIcon';

/** Links are asked for 15 minutes and reused for 10, so a scroll back needs no new one. */
const LINK_EXPIRES_S = 15 * 60;
const LINK_STALE_MS = 10 * 60 * 1000;

/** Whether an entry is an image (by name and type, as the previews decide). */
export function isImage(item: FsItem): boolean {
  return !item.isDirectory && previewChoiceOf(item.name, item.mimetype ?? '').kind === 'image';
}

/**
 * An image's thumbnail through a short-lived link (the browser loads it lazily); anything else,
 * or an image whose link or bytes fail, shows its icon.
 */
export function Thumbnail({ item, size }: { item: FsItem; size: number }) {
  const image = isImage(item);
  const [broken, setBroken] = useState(false);
  const link = useQuery({
    queryKey: [...FS_QUERY_KEY, 'link', item.path, item.modified, item.size],
    queryFn: () => fetchFileLink(item.path, { forceDownload: false, expiresIn: LINK_EXPIRES_S }),
    enabled: image,
    staleTime: LINK_STALE_MS,
    retry: false,
  });
  if (!image || broken || !link.data) return <EntryIcon item={item} size={size / 2} />;
  return (
    <img
      src={link.data.presignedUrl}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      style={{ width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
}
