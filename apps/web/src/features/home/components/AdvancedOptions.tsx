import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { PASTE_PASSWORD_MAX, PASTE_REMARK_MAX } from '@pasteport/contract';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { pasteShareUrl } from '../../paste/api';
import type { ShareField, ShareOptions } from '../share-form';

/** Suffixes are read character by character, so their input is monospaced. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Link suffix, password, view limit and note: the options most shares leave alone. */
export function AdvancedOptions({
  options,
  onChange,
  errors,
  slugRef,
}: {
  options: ShareOptions;
  onChange: (patch: Partial<ShareOptions>) => void;
  errors: Partial<Record<ShareField, string>>;
  slugRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  // Shown as typed (not URL-encoded), '…' standing for the random suffix.
  const linkPreview = `${pasteShareUrl('')}${options.slug.trim() || '…'}`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <TextInput
        ref={slugRef}
        label={t('home.options.slug')}
        description={t('home.options.slugHint', { url: linkPreview })}
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
        label={t('home.options.password')}
        description={t('home.options.passwordHint')}
        value={options.password}
        onChange={(event) => onChange({ password: event.currentTarget.value })}
        error={errors.password}
        maxLength={PASTE_PASSWORD_MAX}
        autoComplete="new-password"
        size="md"
      />
      <NumberInput
        label={t('home.options.maxViews')}
        description={t('home.options.maxViewsHint')}
        value={options.maxViews}
        onChange={(value) => onChange({ maxViews: String(value) })}
        error={errors.maxViews}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        size="md"
      />
      <TextInput
        label={t('home.options.remark')}
        description={t('home.options.remarkHint')}
        value={options.remark}
        onChange={(event) => onChange({ remark: event.currentTarget.value })}
        error={errors.remark}
        maxLength={PASTE_REMARK_MAX}
        size="md"
      />
    </SimpleGrid>
  );
}
