import type { FileDetail, FsItem } from '@pasteport/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { QrCode } from '../../../components/QrCode';
import {
  DEFAULT_FILE_SHARE_OPTIONS,
  FILE_EXPIRY_PRESETS,
} from '../../../components/share-options/file-share-fields';
import { optionMessages } from '../../../components/share-options/option-messages';
import {
  shareOptionProblems,
  type ShareOptionField,
  type ShareOptionValues,
} from '../../../components/share-options/option-rules';
import { FILE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import { ShareOptionsBody } from '../../../components/share-options/ShareOptionsBody';
import { describeApiError, isApiError, serverFieldErrors } from '../../../lib/api';
import { shareUrlOf } from '../../upload/recent-uploads';
import { useShareFromMount } from './api';
import { ADVANCED_SHARE_FIELDS, SHARE_SERVER_FIELDS, shareRequestOf } from './share-form';

type FieldErrors = Partial<Record<ShareOptionField, string>>;

/**
 * Share…: the share options of /upload (expiry chips; suffix, password, view limit and note
 * under "more options") → POST /api/fs/share → the share link, a copy button and its QR code.
 * The server's field errors land on their fields; a taken suffix on the suffix.
 */
export function ShareDialog({ entry, onClose }: { entry: FsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const share = useShareFromMount();
  const [options, setOptions] = useState<ShareOptionValues>(DEFAULT_FILE_SHARE_OPTIONS);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const local = optionMessages(
    shareOptionProblems(options),
    options,
    'explorerMenu.share.problems',
    t,
    i18n.language,
  );
  const errors: FieldErrors = { ...serverErrors, ...local };

  function change(patch: Partial<ShareOptionValues>) {
    setOptions((current) => ({ ...current, ...patch }));
    if (share.isError) share.reset();
    // A changed field drops what the server said about it.
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) {
        const field = key === 'customAmount' || key === 'customUnit' ? 'expiry' : key;
        delete next[field as ShareOptionField];
      }
      return next;
    });
  }

  function openIfHidden(fields: FieldErrors) {
    if (ADVANCED_SHARE_FIELDS.some((field) => fields[field])) setAdvancedOpen(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(local).length > 0) {
      openIfHidden(local);
      return;
    }
    share.mutate(shareRequestOf(entry.path, options, new Date()), {
      onError: (error) => {
        const fields = serverFieldErrors(error, SHARE_SERVER_FIELDS, t);
        if (isApiError(error) && error.code === 'SLUG_TAKEN') {
          fields.slug = t('explorerMenu.share.problems.slugTaken');
        }
        setServerErrors(fields);
        openIfHidden(fields);
      },
    });
  }

  const fieldError = Object.keys(serverErrors).length > 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('explorerMenu.share.title', { name: entry.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {share.data ? (
        <ShareResult share={share.data} name={entry.name} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('explorerMenu.share.intro')}
            </Text>
            <ShareOptionsBody
              keyPrefix="explorerMenu.share.options"
              presets={FILE_EXPIRY_PRESETS}
              chipName="explorer-share-expiry"
              limits={FILE_SHARE_LIMITS}
              linkBase={`${window.location.origin}/file/`}
              advancedCols={1}
              options={options}
              onChange={change}
              errors={errors}
              advancedOpen={advancedOpen}
              onToggleAdvanced={() => setAdvancedOpen((open) => !open)}
            />
            {share.error && !fieldError ? (
              <Alert role="alert" color="red" variant="light">
                {describeApiError(share.error, t)}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={share.isPending}>
                {t('explorerMenu.share.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The made share: its link to copy and its QR code. */
function ShareResult({ share, name }: { share: FileDetail; name: string }) {
  const { t } = useTranslation();
  const url = shareUrlOf(share);
  return (
    <Stack gap="sm" align="stretch">
      <Text size="sm" role="status">
        {t('explorerMenu.share.created')}
      </Text>
      <TextInput
        readOnly
        value={url}
        label={t('explorerMenu.share.field', { name })}
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="center">
        <QrCode value={url} label={t('explorerMenu.share.qr', { name })} />
      </Group>
      <Group justify="flex-end">
        <CopyValueButton
          value={url}
          label={t('explorerMenu.share.copy')}
          copiedLabel={t('explorerMenu.share.copied')}
          data-autofocus
        />
      </Group>
    </Stack>
  );
}
