import { z } from 'zod';

/**
 * `details[].rule` of a field a request body does not define: zod's own name for it, which the
 * strict update bodies already answered with.
 */
export const UNKNOWN_FIELD_RULE = 'unrecognized_keys';

/** A field name without case or separators: maxViews, max_views and Max-Views compare equal. */
const looseName = (name: string) => name.replace(/[-_]/g, '').toLowerCase();

/**
 * Why a field is refused: it is unknown, and when it spells a known field another way
 * (`maxViews` for `max_views`, `current_password` for `currentPassword`), which name to use.
 */
export function unknownFieldMessage(field: string, knownFields: readonly string[]): string {
  const loose = looseName(field);
  const meant = knownFields.find((known) => known !== field && looseName(known) === loose);
  return meant ? `unknown field ${field}: use ${meant}` : `unknown field ${field}`;
}

/**
 * Makes a request body's object schema refuse the fields it does not define, instead of
 * dropping them: a field the client believes took effect (a view limit, an expiry) must not
 * vanish behind a 2xx. Each unknown field is one issue at its own path, with
 * `params.rule` UNKNOWN_FIELD_RULE and a message naming the field meant.
 *
 * The known fields are read when this is called: wrap the final schema, and wrap again a
 * schema extended from a wrapped one (the new wrap replaces the old).
 */
export function strictBody<T extends z.ZodObject>(schema: T): T {
  const known = Object.keys(schema.shape);
  const unknownField = z.custom<never>(() => false, {
    error: (issue) => unknownFieldMessage(String(issue.path?.at(-1) ?? ''), known),
    params: { rule: UNKNOWN_FIELD_RULE },
  });
  // The output type is unchanged: an unknown field never gets through.
  return schema.catchall(unknownField) as unknown as T;
}
