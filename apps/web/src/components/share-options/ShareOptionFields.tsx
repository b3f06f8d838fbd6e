import { TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../WholeNumberInput';
import { PasswordField } from '../PasswordField';
import type { LocalePrefixWith } from './locale-prefix';
import { MONOSPACE_INPUT } from './monospace';
import type { ShareOptionField, ShareOptionValues } from './option-rules';
import type { ShareLimits } from './share-limits';

/** The texts the fields read under their key prefix (e.g. 'upload.options'). */
export interface ShareOptionFieldsTexts {
  slug: string;
  slugHint: string;
  password: string;
  passwordHint: string;
  maxViews: string;
  maxViewsHint: string;
  remark: string;
  remarkHint: string;
}

export interface ShareOptionFieldsProps {
  keyPrefix: LocalePrefixWith<ShareOptionFieldsTexts>;
  limits: ShareLimits;
  /** The share link without its suffix, to show the link the typed suffix makes. */
  linkBase: string;
  /** Said instead of the link preview when the suffix is special (e.g. several files wait). */
  slugNote?: string | undefined;
  options: ShareOptionValues;
  onChange: (patch: Partial<ShareOptionValues>) => void;
  errors: Partial<Record<ShareOptionField, string>>;
  slugRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * Link suffix, password, view limit and note of a new share: the options most shares leave
 * alone. Rendered as siblings, so the caller's grid lays them out (and may add its own).
 */
export function ShareOptionFields({
  keyPrefix,
  limits,
  linkBase,
  slugNote,
  options,
  onChange,
  errors,
  slugRef,
}: ShareOptionFieldsProps) {
  const { t } = useTranslation();
  // Shown as typed (not URL-encoded), '…' standing for the random suffix.
  const linkPreview = `${linkBase}${options.slug.trim() || '…'}`;
  return (
    <>
      <TextInput
        ref={slugRef}
        label={t(`${keyPrefix}.slug`)}
        description={slugNote ?? t(`${keyPrefix}.slugHint`, { url: linkPreview })}
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
        label={t(`${keyPrefix}.password`)}
        description={t(`${keyPrefix}.passwordHint`)}
        value={options.password}
        onChange={(event) => onChange({ password: event.currentTarget.value })}
        error={errors.password}
        maxLength={limits.passwordMax}
        autoComplete="new-password"
        size="md"
      />
      <WholeNumberInput
        label={t(`${keyPrefix}.maxViews`)}
        description={t(`${keyPrefix}.maxViewsHint`)}
        value={options.maxViews}
        onChange={(maxViews) => onChange({ maxViews })}
        error={errors.maxViews}
        min={0}
        size="md"
      />
      <TextInput
        label={t(`${keyPrefix}.remark`)}
        description={t(`${keyPrefix}.remarkHint`)}
        value={options.remark}
        onChange={(event) => onChange({ remark: event.currentTarget.value })}
        error={errors.remark}
        maxLength={limits.remarkMax}
        size="md"
      />
    </>
  );
}
