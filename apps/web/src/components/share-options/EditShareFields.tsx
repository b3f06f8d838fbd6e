import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PASTE_MAX_VIEWS_LIMIT, SLUG_MAX_LENGTH } from '@pasteport/contract/plain';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../WholeNumberInput';
import type { ShareEditField, ShareEditValues } from './edit-rules';
import { EditExpiryFields, type EditExpiryTexts } from './EditExpiryFields';
import { EditPasswordFields, type EditPasswordTexts } from './EditPasswordFields';
import type { LocalePrefixWith } from './locale-prefix';
import { MONOSPACE_INPUT } from './monospace';
import type { ShareLimits } from './share-limits';

/** The texts the share settings read under their key prefix (e.g. 'textManagement.form'). */
export interface EditShareTexts extends EditExpiryTexts, EditPasswordTexts {
  slug: string;
  slugHint: string;
  remark: string;
  remarkHint: string;
  maxViews: string;
  maxViewsHint_one: string;
  maxViewsHint_other: string;
}

/** What the loaded share says that the fields name (its expiry, views, password). */
export interface EditedShare {
  expires_at: string | null;
  views: number;
  has_password: boolean;
}

/** The share settings of an edit form in a two-column grid: link, remark, expiry, views, password. */
export function EditShareFields({
  keyPrefix,
  limits,
  share,
  loadedAt,
  values,
  onChange,
  errors,
}: {
  keyPrefix: LocalePrefixWith<EditShareTexts>;
  limits: ShareLimits;
  share: EditedShare;
  /** When the share was loaded (epoch ms). */
  loadedAt: number;
  values: ShareEditValues;
  /** A change of `field`, which also clears that field's answer from the server. */
  onChange: (patch: Partial<ShareEditValues>, field: ShareEditField) => void;
  errors: Partial<Record<ShareEditField, string>>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput
        label={t(`${keyPrefix}.slug`)}
        description={t(`${keyPrefix}.slugHint`, { max: SLUG_MAX_LENGTH })}
        required
        autoComplete="off"
        spellCheck={false}
        styles={MONOSPACE_INPUT}
        value={values.slug}
        onChange={(event) => onChange({ slug: event.currentTarget.value }, 'slug')}
        error={errors.slug}
      />
      <Textarea
        label={t(`${keyPrefix}.remark`)}
        description={t(`${keyPrefix}.remarkHint`)}
        // Not autosize: Mantine's autosize needs document.fonts, which jsdom lacks.
        rows={2}
        value={values.remark}
        onChange={(event) => onChange({ remark: event.currentTarget.value }, 'remark')}
        error={errors.remark}
      />
      <EditExpiryFields
        keyPrefix={keyPrefix}
        expiresAt={share.expires_at}
        values={values}
        onChange={(patch) => onChange(patch, 'expiry')}
        error={errors.expiry}
        now={loadedAt}
      />
      <WholeNumberInput
        label={t(`${keyPrefix}.maxViews`)}
        description={t(`${keyPrefix}.maxViewsHint`, { count: share.views })}
        min={0}
        max={PASTE_MAX_VIEWS_LIMIT}
        value={values.maxViews}
        onChange={(maxViews) => onChange({ maxViews }, 'maxViews')}
        error={errors.maxViews}
      />
      <EditPasswordFields
        keyPrefix={keyPrefix}
        hasPassword={share.has_password}
        passwordMax={limits.passwordMax}
        values={values}
        onChange={(patch) => onChange(patch, 'password')}
        error={errors.password}
      />
    </SimpleGrid>
  );
}
