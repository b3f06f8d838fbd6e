import { describe, expect, it } from 'vitest';
import { isAppError } from '../lib/app-error.js';
import { idempotencyKeyOf } from './idempotency.js';

/** The error idempotencyKeyOf throws for a header value, or undefined when it accepts it. */
function refusal(value: string | string[]) {
  try {
    idempotencyKeyOf({ 'idempotency-key': value });
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('idempotencyKeyOf', () => {
  it('reads no key from a request without the header', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
  });

  it('accepts 1 to 255 printable ASCII characters as they are', () => {
    const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) =>
      String.fromCharCode(0x21 + i),
    );
    for (const value of [
      'a',
      'x'.repeat(255),
      printable.join(''),
      'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    ]) {
      expect(idempotencyKeyOf({ 'idempotency-key': value })).toBe(value);
    }
  });

  it('refuses every other value with a 400 naming the header', () => {
    const controls = Array.from({ length: 0x20 }, (_, code) => `a${String.fromCharCode(code)}b`);
    for (const value of [
      '',
      'x'.repeat(256),
      'a b',
      'a\u007fb',
      'caf\u00e9',
      '\u2028',
      ...controls,
    ]) {
      const err = refusal(value);
      expect(isAppError(err), JSON.stringify(value)).toBe(true);
      expect(err).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('Idempotency-Key') as unknown,
        details: [{ field: 'Idempotency-Key', rule: 'idempotency_key' }],
      });
    }
    // Node joins a repeated header with ", " (a space: refused); an array never passes.
    expect(refusal('a, b')).toBeDefined();
    expect(refusal(['a', 'b'])).toBeDefined();
  });
});
