import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as TimeOrderedIds from './time-ordered-id.js';

// The module remembers the last millisecond it used (ids never go back in time), so each test
// gets a fresh instance: what one test or today's clock did must not shift another's ids.
let timeOrderedId: typeof TimeOrderedIds.timeOrderedId;
beforeEach(async () => {
  vi.resetModules();
  ({ timeOrderedId } = await import('./time-ordered-id.js'));
});

describe('timeOrderedId', () => {
  it('is a version 7 UUID with the RFC 9562 variant, accepted by the contract validator', () => {
    const id = timeOrderedId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('carries its millisecond in the first 48 bits', () => {
    const ms = Date.UTC(2001, 8, 9, 1, 46, 40, 123);
    const id = timeOrderedId(ms);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
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
