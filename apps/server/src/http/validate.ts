import { UNKNOWN_FIELD_RULE, type ValidationIssue } from '@pasteport/contract';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';

/** A custom issue may name its rule (`params.rule`); any other is named by its zod code. */
function ruleOf(issue: z.core.$ZodIssue): string {
  const rule =
    issue.code === 'custom' ? (issue.params as { rule?: unknown } | undefined)?.rule : undefined;
  return typeof rule === 'string' ? rule : issue.code;
}

/** Turns zod issues into the `details` of a VALIDATION_FAILED error: which field, which rule. */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    rule: ruleOf(issue),
    message: issue.message,
  }));
}

/** Parses a request part with a contract schema; a mismatch is a 400 naming every bad field. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where = 'request',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = toValidationIssues(result.error.issues);
  // An unknown field's message already names it ("unknown field maxViews: use max_views").
  const fields = details
    .map((d) => (d.rule === UNKNOWN_FIELD_RULE ? d.message : `${d.field}: ${d.message}`))
    .join('; ');
  throw new AppError('VALIDATION_FAILED', `invalid ${where}: ${fields}`, { details });
}
