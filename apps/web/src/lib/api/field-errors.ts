import type { TFunction } from 'i18next';
import { isApiError } from './errors';

const KNOWN_RULES = [
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_type',
  'invalid_value',
] as const;
type KnownRule = (typeof KNOWN_RULES)[number];

function isKnownRule(rule: string): rule is KnownRule {
  return (KNOWN_RULES as readonly string[]).includes(rule);
}

/**
 * A VALIDATION_FAILED answer's `details`, as translated messages on the form's own fields.
 * `fieldMap` maps the server's field names (details[].field) to the form's; the message comes
 * from the broken rule, never from the server's English prose.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fieldMap: Readonly<Record<string, F>>,
  t: TFunction,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return errors;
  for (const issue of error.details ?? []) {
    const field = fieldMap[issue.field];
    if (!field || errors[field]) continue;
    errors[field] = isKnownRule(issue.rule)
      ? t(`validation.rules.${issue.rule}`)
      : t('validation.rules.other');
  }
  return errors;
}
