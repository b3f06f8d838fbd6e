import { SLUG_MAX_LENGTH } from '@pasteport/contract/plain';
import type { TFunction } from 'i18next';
import { EXPIRY_AMOUNT_MAX, formatDuration } from '../../lib/expiry';
import type { OptionProblem, ShareOptionValues } from './option-rules';

/**
 * Where a form keeps its option messages: the same keys in each, worded for what it shares
 * (a paste, an uploaded file, a share of a mount file).
 */
export type OptionMessageKeys = 'home.problems' | 'upload.problems' | 'explorerMenu.share.problems';

function messageOf(
  problem: OptionProblem,
  customUnit: ShareOptionValues['customUnit'],
  keys: OptionMessageKeys,
  t: TFunction,
  language: string,
): string {
  switch (problem) {
    case 'characters':
      return t(`${keys}.slugCharacters`);
    case 'too_long':
      return t(`${keys}.slugTooLong`, { max: SLUG_MAX_LENGTH });
    case 'reserved':
      return t(`${keys}.slugReserved`);
    case 'amountRequired':
      return t(`${keys}.amountRequired`);
    case 'not-whole':
      return t(`${keys}.amountWhole`);
    case 'too-small':
      return t(`${keys}.amountTooSmall`);
    case 'too-large':
      return t(`${keys}.amountTooLarge`, {
        max: formatDuration(EXPIRY_AMOUNT_MAX[customUnit], customUnit, language),
      });
    case 'maxViewsInvalid':
      return t(`${keys}.maxViews`);
  }
}

/** The translated message of each field's problem (the custom unit words a too-large amount). */
export function optionMessages<F extends string>(
  problems: Partial<Record<F, OptionProblem>>,
  options: Pick<ShareOptionValues, 'customUnit'>,
  keys: OptionMessageKeys,
  t: TFunction,
  language: string,
): Partial<Record<F, string>> {
  const messages: Partial<Record<F, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [F, OptionProblem][]) {
    messages[field] = messageOf(problem, options.customUnit, keys, t, language);
  }
  return messages;
}
