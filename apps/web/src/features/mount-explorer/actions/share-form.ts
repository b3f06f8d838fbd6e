import { SLUG_MAX_LENGTH, type ShareFromMountRequest } from '@pasteport/contract';
import type { TFunction } from 'i18next';
import { hoursUntilExpiry } from '../../../components/share-options/expires-in';
import {
  maxViewsOf,
  QUICK_EXPIRY_PRESETS,
  requestPartsOf,
  shareOptionProblems,
  type ExpiryPreset,
  type OptionProblem,
  type ShareOptionField,
  type ShareOptionValues,
} from '../../../components/share-options/option-rules';
import { EXPIRY_AMOUNT_MAX, formatDuration } from '../../../lib/expiry';

/** The expiry chips, as on /upload: never first, the quick choices, custom. */
export const SHARE_EXPIRY_PRESETS: readonly ExpiryPreset[] = [
  'never',
  ...QUICK_EXPIRY_PRESETS,
  'custom',
];

/** A new share's options: kept until told otherwise, like an upload. */
export const DEFAULT_SHARE_OPTIONS: ShareOptionValues = {
  slug: '',
  remark: '',
  password: '',
  expiry: 'never',
  customAmount: '',
  customUnit: 'days',
  maxViews: '0',
};

/** Which option a server `details[].field` of POST /api/fs/share names. */
export const SHARE_SERVER_FIELDS: Record<string, ShareOptionField> = {
  slug: 'slug',
  remark: 'remark',
  password: 'password',
  expires_in: 'expiry',
  max_views: 'maxViews',
};

/** Fields inside the collapsed "more options" part (an error there opens it). */
export const ADVANCED_SHARE_FIELDS: readonly ShareOptionField[] = [
  'slug',
  'password',
  'maxViews',
  'remark',
];

/**
 * The body of POST /api/fs/share for valid options (SPEC §5, as uploads send them): only what
 * is given; expiry as whole hours; no view limit when unlimited.
 */
export function shareRequestOf(
  path: string,
  options: ShareOptionValues,
  now: Date,
): ShareFromMountRequest {
  const { expiry, given } = requestPartsOf(options);
  const hours = hoursUntilExpiry(expiry, now);
  const maxViews = maxViewsOf(options) ?? 0;
  return {
    path,
    ...given,
    ...(hours !== null ? { expires_in: hours } : {}),
    ...(maxViews > 0 ? { max_views: maxViews } : {}),
  };
}

function messageOf(problem: OptionProblem, options: ShareOptionValues, t: TFunction, lang: string) {
  switch (problem) {
    case 'characters':
      return t('explorerMenu.share.problems.slugCharacters');
    case 'too_long':
      return t('explorerMenu.share.problems.slugTooLong', { max: SLUG_MAX_LENGTH });
    case 'reserved':
      return t('explorerMenu.share.problems.slugReserved');
    case 'amountRequired':
      return t('explorerMenu.share.problems.amountRequired');
    case 'not-whole':
      return t('explorerMenu.share.problems.amountWhole');
    case 'too-small':
      return t('explorerMenu.share.problems.amountTooSmall');
    case 'too-large':
      return t('explorerMenu.share.problems.amountTooLarge', {
        max: formatDuration(EXPIRY_AMOUNT_MAX[options.customUnit], options.customUnit, lang),
      });
    case 'maxViewsInvalid':
      return t('explorerMenu.share.problems.maxViews');
  }
}

/** The options' problems as translated messages on their fields. */
export function shareOptionMessages(
  options: ShareOptionValues,
  t: TFunction,
  language: string,
): Partial<Record<ShareOptionField, string>> {
  const messages: Partial<Record<ShareOptionField, string>> = {};
  const problems = shareOptionProblems(options);
  for (const [field, problem] of Object.entries(problems) as [ShareOptionField, OptionProblem][]) {
    messages[field] = messageOf(problem, options, t, language);
  }
  return messages;
}
