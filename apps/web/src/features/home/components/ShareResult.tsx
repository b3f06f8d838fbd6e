import {
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import type { PasteCreated } from '@pasteport/contract';
import { IconCheck, IconCopy, IconExternalLink, IconLock, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/QrCode';
import { formatDateTime } from '../../../lib/format';
import { pasteShareUrl, rawPasteUrl } from '../../paste/api';

/** A read-only link with its copy button (selecting the text on focus for manual copying). */
function LinkField({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      size="md"
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSectionWidth={48}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('home.result.copied') : copyLabel}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'green' : 'gray'}
                onClick={copy}
                aria-label={copied ? t('home.result.copied') : copyLabel}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

/**
 * What a share produced: the link (already copied), QR code, raw link, open and a summary of
 * the expiry, view limit and password. "New paste" starts over.
 */
export function ShareResult({
  created,
  onNewPaste,
}: {
  created: PasteCreated;
  onNewPaste: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shareUrl = pasteShareUrl(created.slug);
  // Never with the password: a link with it in would leak it wherever the link goes.
  const rawUrl = rawPasteUrl(created.slug);

  // Screen reader and keyboard users land on the result, not on a vanished editor.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="share-result-title"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="share-result-title" ref={headingRef} tabIndex={-1}>
          {t('home.result.title')}
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 20rem', minWidth: 0 }}>
            <LinkField
              label={t('home.result.link')}
              value={shareUrl}
              copyLabel={t('home.result.copy')}
            />
            <LinkField
              label={t('home.result.raw')}
              value={rawUrl}
              copyLabel={t('home.result.copyRaw')}
            />
            {created.has_password ? (
              <Text size="xs" c="dimmed">
                {t('home.result.rawPasswordHint')}
              </Text>
            ) : null}
            <Group gap="xs" wrap="wrap">
              <Badge
                tt="none"
                variant="light"
                color={created.expires_at ? 'blue' : 'gray'}
                size="lg"
              >
                {created.expires_at
                  ? t('home.result.expires', {
                      time: formatDateTime(created.expires_at, i18n.language),
                    })
                  : t('home.result.neverExpires')}
              </Badge>
              <Badge
                tt="none"
                variant="light"
                color={created.max_views > 0 ? 'orange' : 'gray'}
                size="lg"
              >
                {created.max_views > 0
                  ? t('home.result.views', { count: created.max_views })
                  : t('home.result.unlimitedViews')}
              </Badge>
              {created.has_password ? (
                <Badge
                  tt="none"
                  variant="light"
                  color="grape"
                  size="lg"
                  leftSection={<IconLock size={14} aria-hidden />}
                >
                  {t('home.result.passwordProtected')}
                </Badge>
              ) : null}
            </Group>
            {created.max_views > 0 ? (
              <Text size="xs" c="dimmed">
                {t('home.result.viewWarning')}
              </Text>
            ) : null}
          </Stack>
          <QrCode value={shareUrl} label={t('home.result.qr')} />
        </Group>
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button
            component="a"
            href={shareUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="md"
            leftSection={<IconExternalLink size={18} aria-hidden />}
          >
            {t('home.result.open')}
          </Button>
          <Button size="md" onClick={onNewPaste} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('home.result.newPaste')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
