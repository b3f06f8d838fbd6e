import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PasteView } from '@pasteport/contract';
import { IconClock, IconEye, IconHourglass, IconLock, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../view/relative-time';
import { useNow } from '../view/use-now';

/** A relative time ("in 3 days") with the exact date and time in a tooltip (hover or focus). */
function When({ iso, children }: { iso: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip
      label={formatDateTime(iso, i18n.language)}
      events={{ hover: true, focus: true, touch: true }}
    >
      <time dateTime={iso} tabIndex={0} className="mantine-focus-auto">
        {children}
      </time>
    </Tooltip>
  );
}

function Item({
  icon,
  children,
  testId,
}: {
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      {icon}
      <Text size="sm" c="dimmed" span>
        {children}
      </Text>
    </Group>
  );
}

/** The line under the title: created, edited, expiry, views and views left, protection. */
export function PasteMeta({ paste }: { paste: PasteView }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const relative = (iso: string) => formatRelativeTime(iso, now, i18n.language);
  const iconProps = { size: 16, 'aria-hidden': true, color: 'var(--mantine-color-dimmed)' };
  const remaining = paste.remaining_views;

  return (
    <Group gap="md" style={{ rowGap: 4 }} data-testid="paste-meta">
      <Item testId="paste-created" icon={<IconClock {...iconProps} />}>
        <When iso={paste.created_at}>
          {t('pasteView.meta.created', { when: relative(paste.created_at) })}
        </When>
      </Item>
      {paste.updated_at !== paste.created_at ? (
        <Item testId="paste-edited" icon={<IconPencil {...iconProps} />}>
          <When iso={paste.updated_at}>
            {t('pasteView.meta.edited', { when: relative(paste.updated_at) })}
          </When>
        </Item>
      ) : null}
      {paste.expires_at !== null ? (
        <Item testId="paste-expiry" icon={<IconHourglass {...iconProps} />}>
          <When iso={paste.expires_at}>
            {t('pasteView.meta.expires', { when: relative(paste.expires_at) })}
          </When>
        </Item>
      ) : null}
      <Item testId="paste-views" icon={<IconEye {...iconProps} />}>
        {t('pasteView.meta.views', { count: paste.views })}
        {remaining !== null && remaining > 0 ? (
          <>
            {' · '}
            <Text span size="sm" fw={600} c={remaining <= 1 ? 'orange' : undefined}>
              {t('pasteView.meta.viewsLeft', { count: remaining })}
            </Text>
          </>
        ) : null}
      </Item>
      {paste.has_password ? (
        <Badge
          variant="light"
          color="gray"
          leftSection={<IconLock size={12} aria-hidden />}
          data-testid="paste-protected"
        >
          {t('pasteView.meta.protected')}
        </Badge>
      ) : null}
    </Group>
  );
}
