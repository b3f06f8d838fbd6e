import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId', () => {
  it('is a version 7 UUID with the RFC 9562 variant, accepted by the contract validator', () => {
    const id = timeOrderedId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('carries its millisecond in the first 48 bits', () => {
    const ms = Date.UTC(2026, 10, 26, 5, 30, 0, 123);
    const id = timeOrderedId(ms + 10_000_000);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms + 10_000_000);
  });

  it('sorts in creation order, also many within one millisecond and when the clock steps back', () => {
    const base = Date.UTC(2030, 0, 1);
    const ids = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(base)),
      timeOrderedId(base - 50),
      timeOrderedId(base + 10),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('differs in its random part between ids of one millisecond', () => {
    const base = Date.UTC(2031, 0, 1);
    const tails = new Set(
      Array.from({ length: 1000 }, () => timeOrderedId(base).replace(/-/g, '').slice(16)),
    );
    expect(tails.size).toBe(1000);
  });
});
