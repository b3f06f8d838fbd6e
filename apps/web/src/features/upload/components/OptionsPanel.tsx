import {
  Button,
  Collapse,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { FILE_PASSWORD_MAX, FILE_REMARK_MAX, type UploadStorageConfig } from '@pasteport/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import type { OptionField, UploadOptions } from '../upload-options';
import { ExpiryField } from './ExpiryField';

/** Suffixes and paths are read character by character, so their inputs are monospaced. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export interface OptionsPanelProps {
  options: UploadOptions;
  onChange: (patch: Partial<UploadOptions>) => void;
  errors: Partial<Record<OptionField, string>>;
  /** Where the caller may upload; the select shows only when there is a choice. */
  storageConfigs: readonly UploadStorageConfig[];
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  /** Several files wait: the link suffix goes to the first one only. */
  severalFiles: boolean;
  slugRef?: Ref<HTMLInputElement>;
}

/**
 * Options every upload is sent with: storage and expiry always visible; link suffix,
 * password, view limit, note and folder in a collapsed "more options" part.
 */
export function OptionsPanel({
  options,
  onChange,
  errors,
  storageConfigs,
  advancedOpen,
  onToggleAdvanced,
  severalFiles,
  slugRef,
}: OptionsPanelProps) {
  const { t } = useTranslation();
  const advancedId = useId();
  const titleId = useId();
  const filePath = `${window.location.origin}/file/`;

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
                ? t('upload.options.storageDefault', { name: config.name })
                : config.name,
            }))}
            size="md"
          />
        ) : null}
        <ExpiryField options={options} onChange={onChange} error={errors.expiry} />
        <div>
          <Button
            variant="subtle"
            size="sm"
            mih={40}
            px="xs"
            onClick={onToggleAdvanced}
            aria-expanded={advancedOpen}
            aria-controls={advancedId}
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden
                style={{ transform: advancedOpen ? 'rotate(180deg)' : undefined }}
              />
            }
          >
            {t('upload.options.more')}
          </Button>
          <Collapse expanded={advancedOpen} id={advancedId} keepMountedMode="display-none">
            <SimpleGrid cols={1} spacing="md" verticalSpacing="sm" pt="sm">
              <TextInput
                ref={slugRef}
                label={t('upload.options.slug')}
                description={
                  severalFiles
                    ? t('upload.options.slugFirstFile')
                    : t('upload.options.slugHint', {
                        url: `${filePath}${options.slug.trim() || '…'}`,
                      })
                }
                value={options.slug}
                onChange={(event) => onChange({ slug: event.currentTarget.value })}
                error={errors.slug}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                styles={MONOSPACE_INPUT}
                size="md"
              />
              <PasswordField
                label={t('upload.options.password')}
                description={t('upload.options.passwordHint')}
                value={options.password}
                onChange={(event) => onChange({ password: event.currentTarget.value })}
                error={errors.password}
                maxLength={FILE_PASSWORD_MAX}
                autoComplete="new-password"
                size="md"
              />
              <NumberInput
                label={t('upload.options.maxViews')}
                description={t('upload.options.maxViewsHint')}
                value={options.maxViews}
                onChange={(value) => onChange({ maxViews: String(value) })}
                error={errors.maxViews}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                size="md"
              />
              <TextInput
                label={t('upload.options.remark')}
                description={t('upload.options.remarkHint')}
                value={options.remark}
                onChange={(event) => onChange({ remark: event.currentTarget.value })}
                error={errors.remark}
                maxLength={FILE_REMARK_MAX}
                size="md"
              />
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
            </SimpleGrid>
          </Collapse>
        </div>
      </Stack>
    </Paper>
  );
}
