import { SLUG_MAX_LENGTH } from '@pasteport/contract/plain';
import type { TFunction } from 'i18next';
import { EXPIRY_AMOUNT_MAX, formatDuration } from '../../lib/expiry';
import type { OptionProblem, OptionProblems, ShareField, ShareOptions } from './share-form';

function messageOf(problem: OptionProblem, options: ShareOptions, t: TFunction, language: string) {
  switch (problem) {
    case 'characters':
      return t('home.problems.slugCharacters');
    case 'too_long':
      return t('home.problems.slugTooLong', { max: SLUG_MAX_LENGTH });
    case 'reserved':
      return t('home.problems.slugReserved');
    case 'amountRequired':
      return t('home.problems.amountRequired');
    case 'not-whole':
      return t('home.problems.amountWhole');
    case 'too-small':
      return t('home.problems.amountTooSmall');
    case 'too-large': {
      const unit = options.customUnit;
      return t('home.problems.amountTooLarge', {
        max: formatDuration(EXPIRY_AMOUNT_MAX[unit], unit, language),
      });
    }
    case 'maxViewsInvalid':
      return t('home.problems.maxViews');
  }
}

/** The translated message of each field's problem. */
export function optionMessages(
  problems: OptionProblems,
  options: ShareOptions,
  t: TFunction,
  language: string,
): Partial<Record<ShareField, string>> {
  const messages: Partial<Record<ShareField, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [ShareField, OptionProblem][]) {
    messages[field] = messageOf(problem, options, t, language);
  }
  return messages;
}
