import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MAX_UPLOAD_SIZE_LIMIT_MB,
  WEBDAV_UPLOAD_MODES,
  type SizeUnit,
  type SystemSettings,
} from '@pasteport/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, serverFieldErrors } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { useUpdateSystemSettings } from '../api';
import { SIZE_UNIT_CHOICES } from '../size-units';
import {
  sizeProblem,
  toSettingsUpdate,
  valuesFromSettings,
  type SystemSettingsField,
  type SystemSettingsValues,
} from '../system-settings-form';

const SERVER_FIELDS: Record<string, SystemSettingsField> = {
  max_upload_size: 'max_upload_size',
  webdav_upload_mode: 'webdav_upload_mode',
  webdav_ignore_system_files: 'webdav_ignore_system_files',
  allow_guest_pastes: 'allow_guest_pastes',
  allow_guest_uploads: 'allow_guest_uploads',
};

/** The system settings form (SPEC §3 admin settings), loaded with the current settings. */
export function SystemSettingsForm({ settings }: { settings: SystemSettings }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<SystemSettingsValues>(() => valuesFromSettings(settings));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SystemSettingsField, string>>>(
    {},
  );
  const update = useUpdateSystemSettings();
  const webdavLabelId = useId();

  const problem = sizeProblem(values);
  const sizeError =
    serverErrors.max_upload_size ??
    (submitted && problem === 'notPositive'
      ? t('settings.system.errors.maxUploadSizePositive')
      : submitted && problem === 'tooLarge'
        ? t('settings.system.errors.maxUploadSizeTooLarge', {
            max: formatBytes(MAX_UPLOAD_SIZE_LIMIT_MB * 1024 * 1024, i18n.language),
          })
        : undefined);

  function change(patch: Partial<SystemSettingsValues>, field: SystemSettingsField) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    try {
      await update.mutateAsync(toSettingsUpdate(values));
      notifications.show({ color: 'green', message: t('settings.system.saved') });
    } catch (error) {
      setServerErrors(serverFieldErrors(error, SERVER_FIELDS, t));
    }
  }

  const fieldErrorsShown = Object.values(serverErrors).some(Boolean);
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="system-settings-title"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="system-settings-title">
            {t('settings.system.title')}
          </Title>
          <NumberInput
            label={t('settings.system.maxUploadSize')}
            description={t('settings.system.maxUploadSizeHint')}
            required
            min={0}
            allowNegative={false}
            hideControls
            value={values.size}
            onChange={(size) => change({ size }, 'max_upload_size')}
            error={sizeError}
            rightSectionWidth={92}
            rightSection={
              <NativeSelect
                aria-label={t('settings.system.unit')}
                value={values.unit}
                onChange={(event) =>
                  change({ unit: event.currentTarget.value as SizeUnit }, 'max_upload_size')
                }
                data={SIZE_UNIT_CHOICES}
                rightSectionWidth={28}
                styles={{
                  input: {
                    width: 92,
                    fontWeight: 500,
                    borderTopLeftRadius: 0,
                    borderBottomLeftRadius: 0,
                    marginRight: -2,
                  },
                }}
              />
            }
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={webdavLabelId}>
              {t('settings.system.webdavUploadMode')}
            </Text>
            <SegmentedControl
              aria-labelledby={webdavLabelId}
              value={values.webdavUploadMode}
              onChange={(mode) => change({ webdavUploadMode: mode }, 'webdav_upload_mode')}
              data={WEBDAV_UPLOAD_MODES.map((mode) => ({
                value: mode,
                label: t(`settings.system.webdavModes.${mode}`),
              }))}
            />
            {serverErrors.webdav_upload_mode ? (
              <Text size="sm" c="red">
                {serverErrors.webdav_upload_mode}
              </Text>
            ) : null}
          </Stack>
          <Switch
            label={t('settings.system.webdavIgnoreSystemFiles')}
            description={t('settings.system.webdavIgnoreSystemFilesHint')}
            checked={values.webdavIgnoreSystemFiles}
            onChange={(event) =>
              change(
                { webdavIgnoreSystemFiles: event.currentTarget.checked },
                'webdav_ignore_system_files',
              )
            }
            error={serverErrors.webdav_ignore_system_files}
          />
          <Switch
            label={t('settings.system.allowGuestPastes')}
            checked={values.allowGuestPastes}
            onChange={(event) =>
              change({ allowGuestPastes: event.currentTarget.checked }, 'allow_guest_pastes')
            }
            error={serverErrors.allow_guest_pastes}
          />
          <Switch
            label={t('settings.system.allowGuestUploads')}
            checked={values.allowGuestUploads}
            onChange={(event) =>
              change({ allowGuestUploads: event.currentTarget.checked }, 'allow_guest_uploads')
            }
            error={serverErrors.allow_guest_uploads}
          />
          {update.isError && !fieldErrorsShown ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(update.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('settings.system.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
