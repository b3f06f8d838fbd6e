import { SLUG_MAX_LENGTH } from '@pasteport/contract/plain';
import type { TFunction } from 'i18next';
import { EXPIRY_AMOUNT_MAX, formatDuration } from '../../lib/expiry';
import type { OptionField, OptionProblem, OptionProblems, UploadOptions } from './upload-options';

function messageOf(
  problem: OptionProblem,
  options: UploadOptions,
  t: TFunction,
  language: string,
): string {
  switch (problem) {
    case 'characters':
      return t('upload.problems.slugCharacters');
    case 'too_long':
      return t('upload.problems.slugTooLong', { max: SLUG_MAX_LENGTH });
    case 'reserved':
      return t('upload.problems.slugReserved');
    case 'amountRequired':
      return t('upload.problems.amountRequired');
    case 'not-whole':
      return t('upload.problems.amountWhole');
    case 'too-small':
      return t('upload.problems.amountTooSmall');
    case 'too-large': {
      const unit = options.customUnit;
      return t('upload.problems.amountTooLarge', {
        max: formatDuration(EXPIRY_AMOUNT_MAX[unit], unit, language),
      });
    }
    case 'maxViewsInvalid':
      return t('upload.problems.maxViews');
  }
}

/** The translated message of each field's problem. */
export function optionMessages(
  problems: OptionProblems,
  options: UploadOptions,
  t: TFunction,
  language: string,
): Partial<Record<OptionField, string>> {
  const messages: Partial<Record<OptionField, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [OptionField, OptionProblem][]) {
    messages[field] = messageOf(problem, options, t, language);
  }
  return messages;
}
