import { describe, expect, it } from 'vitest';
import {
  filterStyle,
  isSafeStyleValue,
  SVG_STYLE_PROPERTIES,
  TRUSTED_STYLE_PROPERTIES,
} from './style-policy';

describe('filterStyle', () => {
  it("keeps KaTeX's and Shiki's declarations", () => {
    expect(filterStyle('height:0.6833em;vertical-align:-0.3em;', TRUSTED_STYLE_PROPERTIES)).toBe(
      'height:0.6833em;vertical-align:-0.3em',
    );
    expect(
      filterStyle('--shiki-light:#D73A49;--shiki-dark:#F97583', TRUSTED_STYLE_PROPERTIES),
    ).toBe('--shiki-light:#D73A49;--shiki-dark:#F97583');
    expect(
      filterStyle('color:rgb(1, 2, 3);background-color:yellow', TRUSTED_STYLE_PROPERTIES),
    ).toBe('color:rgb(1, 2, 3);background-color:yellow');
  });

  it('drops positioning, unknown properties and active values', () => {
    expect(filterStyle('position:fixed;top:0;left:0;z-index:9999', TRUSTED_STYLE_PROPERTIES)).toBe(
      'top:0',
    );
    expect(
      filterStyle('background-image:url(https://x.example/a.png)', TRUSTED_STYLE_PROPERTIES),
    ).toBe('');
    expect(filterStyle('color:expression(alert(1))', TRUSTED_STYLE_PROPERTIES)).toBe('');
    expect(filterStyle('color:red;behavior:url(x.htc)', TRUSTED_STYLE_PROPERTIES)).toBe(
      'color:red',
    );
    expect(filterStyle('--evil:url(javascript:alert(1))', TRUSTED_STYLE_PROPERTIES)).toBe('');
    expect(filterStyle('width:calc(1em)', TRUSTED_STYLE_PROPERTIES)).toBe('width:calc(1em)');
  });

  it('accepts only local url() references in SVG styles', () => {
    expect(filterStyle('marker-end:url(#arrow)', SVG_STYLE_PROPERTIES)).toBe(
      'marker-end:url(#arrow)',
    );
    expect(filterStyle('marker-end:url(https://evil.example/x#a)', SVG_STYLE_PROPERTIES)).toBe('');
    expect(filterStyle('fill:#f9f;stroke:#333;stroke-width:4px', SVG_STYLE_PROPERTIES)).toBe(
      'fill:#f9f;stroke:#333;stroke-width:4px',
    );
  });

  it('rejects escapes, comments, at-rules and nesting in values', () => {
    for (const value of [
      'u\\72l(x)',
      'red/**/',
      'red}body{x',
      '@import x',
      '<x>',
      'image-set(x 1x)',
    ]) {
      expect(isSafeStyleValue(value)).toBe(false);
    }
  });
});
