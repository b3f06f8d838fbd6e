import type { FsItem } from '@pasteport/contract';
import { ActionIcon, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../components/managed-list/use-is-phone';
import { describeApiError } from '../../../lib/api';
import { FS_QUERY_KEY } from '../../../lib/query-keys';
import { fetchFileLink } from '../api';
import classes from './Lightbox.module.css';

// The same query as Thumbnail's (key, lifetime, freshness), so the gallery's links are reused
// and a picture opened from its thumbnail needs no new request.
const LINK_EXPIRES_S = 15 * 60;
const LINK_STALE_MS = 10 * 60 * 1000;
const previewLinkQuery = (item: FsItem) => ({
  queryKey: [...FS_QUERY_KEY, 'link', item.path, item.modified, item.size],
  queryFn: () => fetchFileLink(item.path, { forceDownload: false, expiresIn: LINK_EXPIRES_S }),
  staleTime: LINK_STALE_MS,
  retry: false,
});

export interface LightboxProps {
  /** The pictures to page through, in the order shown. */
  images: readonly FsItem[];
  /** The picture shown; null (or out of range) keeps the lightbox closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * The gallery's full-size viewer: one picture at a time through a short-lived link, with
 * previous / next (buttons and ← →), Esc to close and a download. The neighbours' links are
 * fetched ahead so paging is quick.
 */
export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const current = index === null ? undefined : images[index];
  const at = index ?? 0;
  const hasPrevious = current !== undefined && at > 0;
  const hasNext = current !== undefined && at < images.length - 1;
  const previous = () => hasPrevious && onIndexChange(at - 1);
  const next = () => hasNext && onIndexChange(at + 1);

  useWindowEvent('keydown', (event) => {
    if (!current || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    if (event.key === 'ArrowLeft' && hasPrevious) {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight' && hasNext) {
      event.preventDefault();
      next();
    }
  });

  useEffect(() => {
    if (index === null) return;
    for (const neighbour of [images[index - 1], images[index + 1]]) {
      if (neighbour) void queryClient.prefetchQuery(previewLinkQuery(neighbour));
    }
  }, [images, index, queryClient]);

  return (
    <Modal
      opened={current !== undefined}
      onClose={onClose}
      fullScreen={phone}
      size="min(96vw, 1400px)"
      centered
      overlayProps={{ color: '#000', backgroundOpacity: 0.85 }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { minWidth: 0, flex: 1 } }}
      title={
        current ? (
          <Group gap="sm" wrap="nowrap">
            <Text fw={600} truncate="end" title={current.name}>
              {current.name}
            </Text>
            <Text c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('explorerLightbox.counter', { current: at + 1, total: images.length })}
            </Text>
          </Group>
        ) : null
      }
    >
      {current ? (
        <Stack gap="sm">
          <div className={classes.stage}>
            <Picture key={current.path} item={current} />
            <ActionIcon
              className={`${classes.nav} ${classes.previous}`}
              variant="default"
              size="xl"
              radius="xl"
              aria-label={t('explorerLightbox.previous')}
              disabled={!hasPrevious}
              onClick={previous}
            >
              <IconChevronLeft size={22} />
            </ActionIcon>
            <ActionIcon
              className={`${classes.nav} ${classes.next}`}
              variant="default"
              size="xl"
              radius="xl"
              aria-label={t('explorerLightbox.next')}
              disabled={!hasNext}
              onClick={next}
            >
              <IconChevronRight size={22} />
            </ActionIcon>
          </div>
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('explorerLightbox.keys')}
            </Text>
            <DownloadButton key={current.path} item={current} />
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** The picture itself, with its loading and failed states (keyed by path: each starts afresh). */
function Picture({ item }: { item: FsItem }) {
  const { t } = useTranslation();
  const link = useQuery(previewLinkQuery(item));
  const [shown, setShown] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (link.isError || shown === 'failed') {
    return (
      <div className={classes.centre} role="alert">
        <Text size="sm">
          {link.isError ? describeApiError(link.error, t) : t('explorerLightbox.failed')}
        </Text>
      </div>
    );
  }
  return (
    <>
      {link.data ? (
        <img
          className={shown === 'loaded' ? classes.image : `${classes.image} ${classes.hidden}`}
          src={link.data.presignedUrl}
          alt={item.name}
          decoding="async"
          onLoad={() => setShown('loaded')}
          onError={() => setShown('failed')}
        />
      ) : null}
      {shown === 'loading' ? (
        <div className={classes.centre}>
          <Loader color="gray" aria-label={t('explorerLightbox.loading')} />
        </div>
      ) : null}
    </>
  );
}

/** Downloads the shown picture through a link that asks the browser to save it. */
function DownloadButton({ item }: { item: FsItem }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => fetchFileLink(item.path, { forceDownload: true }),
    onSuccess: (link) => window.location.assign(link.presignedUrl),
  });
  return (
    <Group gap="xs" wrap="nowrap" ml="auto">
      {download.isError ? (
        <Text size="xs" c="red" role="alert">
          {describeApiError(download.error, t)}
        </Text>
      ) : null}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={download.isPending}
        aria-label={t('explorerLightbox.downloadLabel', { name: item.name })}
        onClick={() => download.mutate()}
      >
        {t('explorerLightbox.download')}
      </Button>
    </Group>
  );
}
