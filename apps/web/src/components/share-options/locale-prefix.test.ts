import { describe, expectTypeOf, it } from 'vitest';
import type { EditShareTexts } from './EditShareFields';
import type { LocalePrefixWith } from './locale-prefix';
import type { ShareOptionsTexts } from './ShareOptionsBody';

// Checked by the type checker: a prefix qualifies exactly when its subtree has every text.
describe('LocalePrefixWith', () => {
  it('finds the locale subtrees that hold the texts of a shared component', () => {
    expectTypeOf<'file.edit' | 'textManagement.form'>().toExtend<
      LocalePrefixWith<EditShareTexts>
    >();
    expectTypeOf<'home.options' | 'upload.options'>().toExtend<
      LocalePrefixWith<ShareOptionsTexts>
    >();
    expectTypeOf<'file.unlock'>().not.toExtend<LocalePrefixWith<EditShareTexts>>();
  });
});
