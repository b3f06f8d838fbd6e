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
import type { FileDetail } from '@pasteport/contract';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasExpired } from '../../../lib/expiry';
import { formatDate, formatDateTime } from '../../../lib/format';
import { filePath } from '../../file/api';
import { viewLimitReached, viewsText } from '../list-query';

/** The box that picks one file for a batch action, named after the file. */
export function SelectFileCheckbox({
  file,
  checked,
  onToggle,
  size,
}: {
  file: FileDetail;
  checked: boolean;
  onToggle: (file: FileDetail, checked: boolean) => void;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size={size}
      aria-label={t('fileManagement.selectRow', { name: file.filename })}
      checked={checked}
      onChange={(event) => onToggle(file, event.currentTarget.checked)}
    />
  );
}

/** One line of text, cut with an ellipsis, the whole of it in a tooltip. */
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
    <Tooltip label={text} multiline maw={360} openDelay={300} style={{ overflowWrap: 'anywhere' }}>
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

/** The file's name, with a lock when it has a password (said in words for screen readers). */
export function FileNameCell({ file }: { file: FileDetail }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {file.has_password ? (
        <Tooltip label={t('fileManagement.passwordProtected')}>
          <IconLock
            size={14}
            aria-label={t('fileManagement.passwordProtected')}
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      ) : null}
      <TruncatedText text={file.filename} strong />
    </Group>
  );
}

/** The file's link suffix as a link to its page in a new tab. */
export function SlugLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('fileManagement.openHint')} openDelay={300}>
      <Anchor
        href={filePath(slug)}
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
        <VisuallyHidden>{t('fileManagement.opensInNewTab')}</VisuallyHidden>
      </Anchor>
    </Tooltip>
  );
}

/** Remark, or a dimmed dash. */
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

/** The expiry date (exact time in a tooltip), an "Expired" badge once past, or never. */
export function ExpiryCell({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t, i18n } = useTranslation();
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
            {t('fileManagement.expired')}
          </Badge>
        ) : null}
        <Text size="sm" component="time" dateTime={expiresAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(expiresAt, i18n.language)}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** "3 / 5" or "3 / ∞", flagged when the view limit has been reached. */
export function ViewsCell({ file }: { file: FileDetail }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {viewsText(file)}
      </Text>
      {viewLimitReached(file) ? (
        <Badge color="orange" variant="light" size="sm">
          {t('fileManagement.limitReached')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The upload date, the exact time in a tooltip. */
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
