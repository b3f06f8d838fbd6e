import { describe, expect, it } from 'vitest';
import { fencedLanguages, hasMermaid, mayContainMath, normaliseLanguage } from './detect';

describe('mayContainMath', () => {
  it.each([
    ['$E=mc^2$', true],
    ['text $$x$$ text', true],
    ['$$\n\\frac{a}{b}\n$$', true],
    ['```math\nx^2\n```', true],
    ['costs $5', false],
    ['no dollars at all', false],
    ['a $\nb $', false],
  ])('%j → %s', (source, expected) => {
    expect(mayContainMath(source)).toBe(expected);
  });
});

describe('fencedLanguages', () => {
  it('lists each fence language once, lower-cased, ignoring unnamed fences', () => {
    const source =
      '```TS\na\n```\n\n~~~ python {linenos}\nb\n~~~\n\n```\nplain\n```\n\n   ```ts\nc\n```';
    expect(fencedLanguages(source)).toEqual(['ts', 'python']);
  });

  it('finds nothing without fences and spots mermaid', () => {
    expect(fencedLanguages('# title\n\n`inline` code')).toEqual([]);
    expect(hasMermaid('```mermaid\ngraph TD\n```')).toBe(true);
    expect(hasMermaid('```js\nmermaid\n```')).toBe(false);
  });

  it('normalises info strings', () => {
    expect(normaliseLanguage(' JavaScript  title="x" ')).toBe('javascript');
    expect(normaliseLanguage('ts{1,3}')).toBe('ts');
    expect(normaliseLanguage('')).toBe('');
  });
});
