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
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasExpired } from '../../lib/expiry';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';
import { useListKeys } from './list-keys';
import { namingOf, type RowRef } from './selection';
import { viewLimitReached, viewsText, type ViewCounts } from './view-limit';

/** The box that picks one row for a batch action, named after the row. */
export function SelectRowCheckbox({
  row,
  checked,
  onToggle,
  size,
}: {
  row: RowRef;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  return (
    <Checkbox
      size={size}
      aria-label={t(`${keys}.selectRow`, namingOf(row))}
      checked={checked}
      onChange={(event) => onToggle(event.currentTarget.checked)}
    />
  );
}

/** One line of text, cut with an ellipsis, the whole of it (line breaks kept) in a tooltip. */
export function TruncatedText({
  text,
  dimmed = false,
  mono = false,
  strong = false,
}: {
  text: string;
  dimmed?: boolean;
  mono?: boolean;
  strong?: boolean;
}) {
  return (
    <Tooltip
      label={text}
      multiline
      maw={360}
      openDelay={300}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      <Text
        size="sm"
        truncate
        c={dimmed ? 'dimmed' : undefined}
        ff={mono ? 'monospace' : undefined}
        fw={strong ? 500 : undefined}
      >
        {text}
      </Text>
    </Tooltip>
  );
}

/**
 * The slug as a link to the row's public page in a new tab: one monospace line, cut with an
 * ellipsis (copying it still gives the whole slug); the tooltip shows it whole, with a hint
 * of what opening it costs.
 */
export function SlugLink({ slug, href }: { slug: string; href: string }) {
  const { t } = useTranslation();
  const keys = useListKeys();
  return (
    <Tooltip
      label={
        <>
          <Text span ff="monospace" size="sm" fw={500} display="block">
            {slug}
          </Text>
          {t(`${keys}.openHint`)}
        </>
      }
      multiline
      maw={360}
      openDelay={300}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        ff="monospace"
        size="sm"
        fw={500}
        display="inline-flex"
        maw="100%"
        style={{ alignItems: 'center', whiteSpace: 'nowrap', verticalAlign: 'middle' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>{slug}</span>
        <IconExternalLink size={12} aria-hidden style={{ marginInlineStart: 4, flexShrink: 0 }} />
        <VisuallyHidden>{t(`${keys}.opensInNewTab`)}</VisuallyHidden>
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

/** A size in bytes, in the user's language, never broken across lines. */
export function SizeText({ bytes }: { bytes: number }) {
  const { i18n } = useTranslation();
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatBytes(bytes, i18n.language)}
    </Text>
  );
}

/** How an expiry reads in its cell: the date by default; the exact instant is in a tooltip. */
export type FormatExpiry = (expiresAt: string, now: number, locale: string) => string;

const asDate: FormatExpiry = (expiresAt, _now, locale) => formatDate(expiresAt, locale);

/** The expiry (exact time in a tooltip), an "Expired" badge once past, or never. */
export function ExpiryCell({
  expiresAt,
  now,
  format = asDate,
}: {
  expiresAt: string | null;
  now: number;
  format?: FormatExpiry;
}) {
  const { t, i18n } = useTranslation();
  const keys = useListKeys();
  if (expiresAt === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('common.never')}
      </Text>
    );
  }
  const expired = hasExpired(expiresAt, now);
  return (
    <Tooltip label={formatDateTime(expiresAt, i18n.language)}>
      <Group gap={6} wrap="nowrap" data-expired={expired || undefined}>
        {expired ? (
          <Badge color="red" variant="filled" size="sm">
            {t(`${keys}.expired`)}
          </Badge>
        ) : null}
        <Text size="sm" component="time" dateTime={expiresAt} style={{ whiteSpace: 'nowrap' }}>
          {format(expiresAt, now, i18n.language)}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** "3 / 5" or "3 / ∞", flagged when the view limit has been reached. */
export function ViewsCell({ counts }: { counts: ViewCounts }) {
  const { t } = useTranslation();
  const keys = useListKeys();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {viewsText(counts)}
      </Text>
      {viewLimitReached(counts) ? (
        <Badge color="orange" variant="light" size="sm">
          {t(`${keys}.limitReached`)}
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

/** The cells a feature's columns are made of, e.g. `<Cell.Views counts={row} />`. */
export const Cell = {
  Created: CreatedCell,
  Expiry: ExpiryCell,
  Remark: RemarkText,
  Size: SizeText,
  Slug: SlugLink,
  Truncated: TruncatedText,
  Views: ViewsCell,
};
