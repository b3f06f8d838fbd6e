import { NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import type { UploadStorageConfig } from '@pasteport/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_SHARE_LIMITS } from '../../../components/share-options/share-limits';
import { MONOSPACE_INPUT } from '../../../components/share-options/monospace';
import {
  ShareOptionsBody,
  type ShareOptionsState,
} from '../../../components/share-options/ShareOptionsBody';
import { storageConfigName } from '../../../lib/storage-config-name';
import { FILE_EXPIRY_PRESETS } from '../../../components/share-options/file-share-fields';
import type { OptionField, UploadOptions } from '../upload-options';

export interface OptionsPanelProps extends ShareOptionsState {
  options: UploadOptions;
  onChange: (patch: Partial<UploadOptions>) => void;
  errors: Partial<Record<OptionField, string>>;
  /** Where the caller may upload; the select shows only when there is a choice. */
  storageConfigs: readonly UploadStorageConfig[];
  /** Several files wait: the link suffix goes to the first one only. */
  severalFiles: boolean;
}

/**
 * Options every upload is sent with: storage and expiry always visible; link suffix,
 * password, view limit, note and folder in a collapsed "more options" part.
 */
export function OptionsPanel({ storageConfigs, severalFiles, ...optionsState }: OptionsPanelProps) {
  const { options, onChange, errors } = optionsState;
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('upload.options.title')}
        </Title>
        {storageConfigs.length > 1 ? (
          <NativeSelect
            label={t('upload.options.storage')}
            value={options.storageConfigId}
            onChange={(event) => onChange({ storageConfigId: event.currentTarget.value })}
            data={storageConfigs.map((config) => ({
              value: config.id,
              label: config.is_default
                ? t('upload.options.storageDefault', { name: storageConfigName(config, t) })
                : storageConfigName(config, t),
            }))}
            size="md"
          />
        ) : null}
        <ShareOptionsBody
          keyPrefix="upload.options"
          presets={FILE_EXPIRY_PRESETS}
          chipName="upload-expiry"
          limits={FILE_SHARE_LIMITS}
          linkBase={`${window.location.origin}/file/`}
          slugNote={severalFiles ? t('upload.options.slugFirstFile') : undefined}
          advancedCols={1}
          {...optionsState}
        >
          <TextInput
            label={t('upload.options.path')}
            description={t('upload.options.pathHint')}
            placeholder="reports/2026"
            value={options.path}
            onChange={(event) => onChange({ path: event.currentTarget.value })}
            error={errors.path}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            styles={MONOSPACE_INPUT}
            size="md"
          />
        </ShareOptionsBody>
      </Stack>
    </Paper>
  );
}
