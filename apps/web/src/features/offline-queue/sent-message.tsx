import { Anchor, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { QueueEntry } from '../../lib/offline-queue';

function slugOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const slug = (data as { slug?: unknown }).slug;
  return typeof slug === 'string' ? slug : undefined;
}

/** The toast for a queued operation that went out; a paste made offline brings its link. */
export function sentMessage(entry: QueueEntry, data: unknown, t: TFunction): ReactNode {
  const slug = entry.type === 'createPaste' ? slugOf(data) : undefined;
  if (slug === undefined) {
    return t('offlineQueue.sent', { type: t(`offlineQueue.types.${entry.type}`) });
  }
  const href = `/paste/${encodeURIComponent(slug)}`;
  return (
    <Stack gap={2}>
      <Text size="sm">{t('offlineQueue.sentPaste')}</Text>
      <Anchor size="sm" href={href} data-testid="offline-sent-paste">
        {t('offlineQueue.openPaste')} · {new URL(href, window.location.origin).href}
      </Anchor>
    </Stack>
  );
}
