import { Badge, Code, Text, VisuallyHidden } from '@mantine/core';
import type { PasteSummary } from '@pasteport/contract';
import { IconFileText, IconLock } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Cell, type ListColumn, type ListKind } from '../../../components/managed-list';
import type { TranslationResource } from '../../../lib/i18n/resources';
import { pastePath, pasteShareUrl } from '../../paste/api';
import { creatorOf, formatRelative } from '../paste-display';

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

/** Two lines of a paste's opening text, on a card. */
function PreviewLines({ preview }: { preview: string }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
      {preview}
    </Text>
  );
}

type ColumnId = Exclude<keyof TranslationResource['textManagement']['columns'], 'actions'>;

/**
 * How the paste listing looks: rows named by slug, whose link counts as a view (Preview does
 * not); expiry as "in 3 days"; the creator for the admin only. A phone card shows the slug
 * beside its checkbox, then remark, two lines of content and the facts.
 */
export function pasteListKind(t: TFunction, showCreator: boolean): ListKind<PasteSummary> {
  const column = (id: ColumnId, rest: Omit<ListColumn<PasteSummary>, 'id' | 'header'>) => ({
    id,
    header: t(`textManagement.columns.${id}`),
    ...rest,
  });
  const creator = column('createdBy', {
    width: 150,
    priority: 8,
    cell: (paste) => <CreatorText createdBy={paste.created_by} />,
  });
  return {
    keys: 'textManagement',
    testIdPrefix: 'paste',
    refOf: ({ id, slug }) => ({ id, slug, name: slug }),
    pathOf: pastePath,
    shareUrlOf: pasteShareUrl,
    emptyIcon: IconFileText,
    columns: [
      column('slug', {
        width: 200,
        maw: 180,
        cell: (paste) => <Cell.Slug slug={paste.slug} href={pastePath(paste.slug)} />,
      }),
      column('remark', {
        width: 160,
        priority: 6,
        maw: 140,
        cell: (paste) => <Cell.Remark remark={paste.remark} />,
      }),
      column('preview', {
        width: 240,
        priority: 9,
        maw: 220,
        cell: (paste) => <Cell.Truncated text={paste.preview} dimmed />,
        cardCell: (paste) => <PreviewLines preview={paste.preview} />,
      }),
      column('size', {
        width: 100,
        priority: 5,
        cell: (paste) => <Cell.Size bytes={paste.size_bytes} />,
      }),
      column('password', {
        width: 120,
        priority: 7,
        cell: (paste) => <PasswordBadge hasPassword={paste.has_password} />,
      }),
      column('expires', {
        width: 140,
        priority: 2,
        labelledOnCard: true,
        cell: (paste, now) => (
          <Cell.Expiry expiresAt={paste.expires_at} now={now} format={formatRelative} />
        ),
      }),
      column('views', {
        width: 110,
        priority: 4,
        labelledOnCard: true,
        cell: (paste) => <Cell.Views counts={paste} />,
      }),
      column('created', {
        width: 120,
        labelledOnCard: true,
        cell: (paste) => <Cell.Created createdAt={paste.created_at} />,
      }),
      ...(showCreator ? [creator] : []),
    ],
    card: {
      title: 'slug',
      lines: [
        ['remark'],
        ['preview'],
        ['size', 'password', 'views'],
        ['expires', 'created', 'createdBy'],
      ],
    },
    menu: ['preview', 'copyLink', 'qr', 'edit'],
    deleteList: { testId: 'slugs-to-delete', renderItem: (paste) => <Code>{paste.slug}</Code> },
  };
}
