import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  PasswordInput,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import type { ApiKey } from '@pasteport/contract';
import {
  UPLOADER_CONFIG_KINDS,
  uploaderConfig,
  UploaderConfigError,
  type UploaderConfig,
  type UploaderConfigInput,
  type UploaderConfigKind,
} from '@pasteport/contract/plain';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { DialogFrame } from '../../../components/managed-list';
import { serverRootUrl } from '../../../lib/api/host';
import { saveBlob } from '../../../lib/save-blob';
import { pastedKeyProblem } from '../uploader-key';

/** Which permission a kind's uploads need (the scripts and steps cover both). */
const NEEDS: Partial<Record<UploaderConfigKind, 'file_permission' | 'text_permission'>> = {
  'sharex-file': 'file_permission',
  'sharex-text': 'text_permission',
  flameshot: 'file_permission',
};

/** The first kind the key may use, so the dialog opens on something that works. */
function firstKind(apiKey: ApiKey): UploaderConfigKind {
  return (
    UPLOADER_CONFIG_KINDS.find((kind) => {
      const needed = NEEDS[kind];
      return needed === undefined || apiKey[needed];
    }) ?? 'curl'
  );
}

/** The config, or why the inputs cannot make one (a server address this page cannot use). */
function makeConfig(
  kind: UploaderConfigKind,
  input: UploaderConfigInput,
): { config: UploaderConfig; failure?: never } | { config?: never; failure: string } {
  try {
    return { config: uploaderConfig(kind, input) };
  } catch (error) {
    if (!(error instanceof UploaderConfigError)) throw error;
    return { failure: error.message };
  }
}

/**
 * Ready-made uploader configs for a key (ShareX, a Flameshot/curl script, curl commands, iOS
 * Shortcut steps): a preview to copy, or a file to download. Right after creation the full key
 * is known; from the list only its prefix is, so the admin pastes the key, checked against it.
 * Addresses are the server behind the API in use, not merely this page's origin.
 */
export function UploaderConfigsDialog({
  apiKey,
  fullKey,
  onClose,
  publicUrl = serverRootUrl(),
}: {
  apiKey: ApiKey;
  /** The key in full, when the dialog is opened right after creating it. */
  fullKey?: string;
  onClose: () => void;
  /** The server root the configs point to (tests give it; the API in use by default). */
  publicUrl?: string;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<UploaderConfigKind>(() => firstKind(apiKey));
  const [pasted, setPasted] = useState('');
  const previewId = useId();

  const problem = fullKey === undefined ? pastedKeyProblem(pasted, apiKey.key_prefix) : undefined;
  const made =
    problem === undefined
      ? makeConfig(kind, { publicUrl, apiKey: fullKey ?? pasted.trim(), keyName: apiKey.name })
      : undefined;
  const config = made?.config;
  const failure = made?.failure;
  const needed = NEEDS[kind];
  const missing = needed !== undefined && !apiKey[needed];

  return (
    // Full screen on a phone: the preview needs the width.
    <DialogFrame
      title={t('keys.uploaders.title', { name: apiKey.name })}
      fillPhone
      onClose={onClose}
    >
      <Stack gap="md">
        <Text size="sm">{t('keys.uploaders.intro')}</Text>
        {fullKey === undefined ? (
          <PasswordInput
            label={t('keys.uploaders.pasteKey')}
            description={t('keys.uploaders.pasteKeyHint', { prefix: apiKey.key_prefix })}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
            error={
              problem !== undefined && pasted !== ''
                ? t(`keys.uploaders.keyErrors.${problem}`, {
                    name: apiKey.name,
                    prefix: apiKey.key_prefix,
                  })
                : undefined
            }
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        ) : null}
        <NativeSelect
          label={t('keys.uploaders.kind')}
          description={t(`keys.uploaders.hints.${kind}`)}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as UploaderConfigKind)}
          data={UPLOADER_CONFIG_KINDS.map((value) => ({
            value,
            label: t(`keys.uploaders.kinds.${value}`),
          }))}
        />
        {missing ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t(`keys.uploaders.missing.${needed}`)}
          </Alert>
        ) : null}
        {failure !== undefined ? (
          <Alert color="red" variant="light" role="alert">
            {t('keys.uploaders.failed', { reason: failure })}
          </Alert>
        ) : null}
        {config ? (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id={previewId}>
                {t('keys.uploaders.preview', { fileName: config.fileName })}
              </Text>
              <ScrollArea.Autosize mah={320} type="auto">
                <Code
                  block
                  aria-labelledby={previewId}
                  data-testid="uploader-config-preview"
                  data-language={config.language}
                  // Focusable so a keyboard can scroll a long config.
                  tabIndex={0}
                  style={{ whiteSpace: 'pre', fontSize: 'var(--mantine-font-size-xs)' }}
                >
                  {config.text}
                </Code>
              </ScrollArea.Autosize>
            </Stack>
            <Text size="xs" c="dimmed">
              {t('keys.uploaders.secretNotice')}
            </Text>
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {config ? (
            <>
              <CopyValueButton
                value={config.text}
                label={t('keys.uploaders.copy')}
                copiedLabel={t('keys.uploaders.copied')}
                data-autofocus={fullKey !== undefined}
              />
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() =>
                  saveBlob(new Blob([config.text], { type: config.mediaType }), config.fileName)
                }
              >
                {t('keys.uploaders.download', { fileName: config.fileName })}
              </Button>
            </>
          ) : null}
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
