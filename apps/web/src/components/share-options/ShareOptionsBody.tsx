import { SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpiryChips, type ExpiryChipsTexts } from './ExpiryChips';
import type { LocalePrefixWith } from './locale-prefix';
import { MoreOptions } from './MoreOptions';
import type { ExpiryPreset, ShareOptionField, ShareOptionValues } from './option-rules';
import {
  ShareOptionFields,
  type ShareOptionFieldsProps,
  type ShareOptionFieldsTexts,
} from './ShareOptionFields';

/** The state of a share-options form, as its page holds it. */
export interface ShareOptionsState {
  options: ShareOptionValues;
  onChange: (patch: Partial<ShareOptionValues>) => void;
  errors: Partial<Record<ShareOptionField, string>>;
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  slugRef?: Ref<HTMLInputElement> | undefined;
}

/** The texts the options read under their key prefix (e.g. 'home.options'). */
export interface ShareOptionsTexts extends ExpiryChipsTexts, ShareOptionFieldsTexts {
  more: string;
}

/** The options a share-options form is drawn with, besides its state. */
export interface ShareOptionsBodyProps
  extends ShareOptionsState, Omit<ShareOptionFieldsProps, 'keyPrefix'> {
  keyPrefix: LocalePrefixWith<ShareOptionsTexts>;
  /** The expiry chips in the order this form offers them. */
  presets: readonly ExpiryPreset[];
  /** The chips' input name, unique on the page. */
  chipName: string;
  advancedCols: SimpleGridProps['cols'];
  /** More fields of the collapsed part, after the shared ones. */
  children?: ReactNode;
}

/**
 * The options of a new share (UX: a compact panel): expiry chips always in view; link suffix,
 * password, view limit, note (and the caller's `children`) in a collapsed "more options" part.
 */
export function ShareOptionsBody({
  presets,
  chipName,
  advancedCols,
  advancedOpen,
  onToggleAdvanced,
  children,
  ...fields
}: ShareOptionsBodyProps) {
  const { t } = useTranslation();
  const { keyPrefix, options, onChange, errors } = fields;
  const chipsState = { options, onChange, errors };
  return (
    <>
      <ExpiryChips keyPrefix={keyPrefix} presets={presets} name={chipName} {...chipsState} />
      <MoreOptions label={t(`${keyPrefix}.more`)} open={advancedOpen} onToggle={onToggleAdvanced}>
        <SimpleGrid cols={advancedCols} spacing="md" verticalSpacing="sm">
          <ShareOptionFields {...fields} />
          {children}
        </SimpleGrid>
      </MoreOptions>
    </>
  );
}
