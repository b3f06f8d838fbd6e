import type { TranslationResource } from '../../lib/i18n/resources';

/**
 * Every dotted path in the source locale whose subtree holds (at least) the texts of `Shape`,
 * e.g. 'file.edit' for the edit fields. A shared component takes one of these instead of a
 * list of translated strings, and a new caller only needs the keys in place to type-check.
 */
export type LocalePrefixWith<Shape, Tree = TranslationResource, Path extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends Shape
    ? `${Path}${Key}`
    : Tree[Key] extends Record<string, unknown>
      ? LocalePrefixWith<Shape, Tree[Key], `${Path}${Key}.`>
      : never;
}[keyof Tree & string];
