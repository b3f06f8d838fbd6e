import {
  Anchor,
  Badge,
  Checkbox,
  Group,
  Text,
  Tooltip,
  VisuallyHidden,
  type MantineSize,
} from '@mantine/core';
import type { PasteSummary } from '@pasteport/contract';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import { hasExpired } from '../../../lib/expiry';
import { creatorOf, formatRelative, viewLimitReached, viewsText } from '../paste-display';
import { pastePath } from '../../paste/api';

/** The box that picks one paste for a batch action, named after its slug. */
export function SelectPasteCheckbox({
  paste,
  checked,
  onToggle,
  size,
}: {
  paste: PasteSummary;
  checked: boolean;
  onToggle: (paste: PasteSummary, checked: boolean) => void;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size={size}
      aria-label={t('textManagement.selectRow', { slug: paste.slug })}
      checked={checked}
      onChange={(event) => onToggle(paste, event.currentTarget.checked)}
    />
  );
}

/** The paste's slug as a link to its page in a new tab (which counts as a view). */
export function SlugLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('textManagement.openHint')} openDelay={300}>
      <Anchor
        href={pastePath(slug)}
        target="_blank"
        rel="noopener noreferrer"
        ff="monospace"
        size="sm"
        fw={500}
        style={{ wordBreak: 'break-all' }}
      >
        {slug}
        <IconExternalLink
          size={12}
          aria-hidden
          style={{ marginInlineStart: 4, verticalAlign: 'middle' }}
        />
        <VisuallyHidden>{t('textManagement.opensInNewTab')}</VisuallyHidden>
      </Anchor>
    </Tooltip>
  );
}

/** Remark, or a dimmed dash; long remarks truncate with the full text in a tooltip. */
export function RemarkText({ remark }: { remark: string | null }) {
  if (!remark) {
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  return <TruncatedText text={remark} />;
}

/** One line of text, cut with an ellipsis, the whole of it in a tooltip. */
export function TruncatedText({ text, dimmed = false }: { text: string; dimmed?: boolean }) {
  return (
    <Tooltip label={text} multiline maw={360} openDelay={300} style={{ whiteSpace: 'pre-wrap' }}>
      <Text size="sm" truncate c={dimmed ? 'dimmed' : undefined}>
        {text}
      </Text>
    </Tooltip>
  );
}

/** The lock badge of a password paste; for others only screen readers hear "no password". */
export function PasswordBadge({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  if (!hasPassword) return <VisuallyHidden>{t('textManagement.noPassword')}</VisuallyHidden>;
  return (
    <Badge variant="light" color="grape" size="sm" leftSection={<IconLock size={12} aria-hidden />}>
      {t('textManagement.passwordBadge')}
    </Badge>
  );
}

/** "in 3 days" with the exact instant in a tooltip; an "Expired" badge once past; or never. */
export function ExpiryCell({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t, i18n } = useTranslation();
  if (expiresAt === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.never')}
      </Text>
    );
  }
  const relative = formatRelative(expiresAt, now, i18n.language);
  return (
    <Tooltip label={formatDateTime(expiresAt, i18n.language)}>
      <Group gap={6} wrap="nowrap" data-expired={hasExpired(expiresAt, now) || undefined}>
        {hasExpired(expiresAt, now) ? (
          <Badge color="red" variant="filled" size="sm">
            {t('textManagement.expired')}
          </Badge>
        ) : null}
        <Text size="sm" component="time" dateTime={expiresAt} style={{ whiteSpace: 'nowrap' }}>
          {relative}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** "3 / 5" or "3 / ∞", flagged when the view limit has been reached. */
export function ViewsCell({ paste }: { paste: PasteSummary }) {
  const { t } = useTranslation();
  const reached = viewLimitReached(paste);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {viewsText(paste)}
      </Text>
      {reached ? (
        <Badge color="orange" variant="light" size="sm">
          {t('textManagement.limitReached')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The creation date, the exact time in a tooltip. */
export function CreatedCell({ createdAt }: { createdAt: string }) {
  const { i18n } = useTranslation();
  return (
    <Tooltip label={formatDateTime(createdAt, i18n.language)}>
      <Text size="sm" component="time" dateTime={createdAt} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(createdAt, i18n.language)}
      </Text>
    </Tooltip>
  );
}

/** "Admin", "API key 1a2b3c4d" or "Guest" (shown to the admin only). */
export function CreatorText({ createdBy }: { createdBy: string | null }) {
  const { t } = useTranslation();
  const creator = creatorOf(createdBy);
  const text =
    creator.kind === 'apikey'
      ? t('textManagement.creator.apikey', { prefix: creator.idPrefix })
      : t(`textManagement.creator.${creator.kind}`);
  return (
    <Text
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      c={creator.kind === 'guest' ? 'dimmed' : undefined}
    >
      {text}
    </Text>
  );
}
