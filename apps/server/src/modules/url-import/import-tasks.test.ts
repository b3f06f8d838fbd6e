import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.js';
import { createImportSlots } from './import-tasks.js';

describe('import slots', () => {
  it('refuses a slot beyond maxRunning with 429 and Retry-After; release frees it once', () => {
    const slots = createImportSlots(2);
    const first = slots.reserve(30);
    slots.reserve(30);
    let refused: unknown;
    try {
      slots.reserve(30);
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused) && refused.code).toBe('RATE_LIMITED');
    expect(isAppError(refused) && refused.headers).toEqual({ 'Retry-After': '30' });
    first();
    first();
    slots.reserve(30);
    expect(() => slots.reserve(30)).toThrow();
  });
});
