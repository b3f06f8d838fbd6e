import { describe, expect, it } from 'vitest';
import { slugProblem } from './slugs.js';

describe('slugProblem', () => {
  it.each(['a', 'my-note_2', 'A'.repeat(50), 'Admin-panel', 'pastes2'])('accepts %j', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['a'.repeat(51), 'too_long'],
    ['has space', 'characters'],
    ['dot.ted', 'characters'],
    ['slash/ed', 'characters'],
    ['ünïcödé', 'characters'],
    ['<script>', 'characters'],
    ['admin', 'reserved'],
    ['API', 'reserved'],
    ['Mount-Explorer', 'reserved'],
    ['raw', 'reserved'],
    ['assets', 'reserved'],
  ])('refuses %j as %s', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });
});
