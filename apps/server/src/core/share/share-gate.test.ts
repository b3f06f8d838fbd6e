import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import {
  assertShareOpen,
  countedOrThrow,
  goneError,
  refusalOf,
  shareNotFound,
  type ShareState,
} from './share-gate.js';

const NOW = '2026-01-01T12:00:00.000Z';
const share = (over: Partial<ShareState> = {}): ShareState => ({
  expires_at: null,
  max_views: 0,
  views: 0,
  ...over,
});

/** What a thrown AppError says, to compare whole answers. */
function thrown(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, status: err.status, message: err.message, details: err.details };
  }
  throw new Error('nothing was thrown');
}

describe('goneError', () => {
  it('words each reason for each noun, with the reason in details', () => {
    expect(
      thrown(() => {
        throw goneError('paste', 'expired');
      }),
    ).toEqual({
      code: 'GONE',
      status: 410,
      message: 'this paste has expired',
      details: [{ field: 'paste', rule: 'expired', message: 'this paste has expired' }],
    });
    expect(
      thrown(() => {
        throw goneError('file', 'view_limit');
      }),
    ).toEqual({
      code: 'GONE',
      status: 410,
      message: 'this file has reached its view limit',
      details: [
        { field: 'file', rule: 'view_limit', message: 'this file has reached its view limit' },
      ],
    });
  });

  it('names the missing share in a 404', () => {
    const error = shareNotFound('file', 'abc');
    expect([error.code, error.status, error.message]).toEqual(['NOT_FOUND', 404, 'no file abc']);
  });
});

describe('assertShareOpen', () => {
  it('lets an unlimited, unexpiring share through', () => {
    expect(() => assertShareOpen('paste', share({ views: 1000 }), NOW)).not.toThrow();
  });

  it('refuses a share whose expiry is now or past, and allows one still ahead', () => {
    expect(thrown(() => assertShareOpen('paste', share({ expires_at: NOW }), NOW)).message).toBe(
      'this paste has expired',
    );
    const ahead = share({ expires_at: '2026-01-01T12:00:00.001Z' });
    expect(() => assertShareOpen('paste', ahead, NOW)).not.toThrow();
  });

  it('refuses a share whose views are used up, and allows the last one', () => {
    const usedUp = share({ max_views: 2, views: 2 });
    expect(thrown(() => assertShareOpen('file', usedUp, NOW)).details?.[0]?.rule).toBe(
      'view_limit',
    );
    expect(() => assertShareOpen('file', share({ max_views: 2, views: 1 }), NOW)).not.toThrow();
  });

  it('lets a covered read past the view limit, but never past the expiry', () => {
    const usedUp = share({ max_views: 1, views: 1 });
    expect(() => assertShareOpen('file', usedUp, NOW, () => true)).not.toThrow();
    let asked = false;
    const expired = share({ max_views: 1, views: 1, expires_at: NOW });
    const error = thrown(() =>
      assertShareOpen('file', expired, NOW, () => {
        asked = true;
        return true;
      }),
    );
    expect([error.details?.[0]?.rule, asked]).toEqual(['expired', false]);
  });

  it('asks whether the read is covered whatever the count', () => {
    let asked = 0;
    assertShareOpen('file', share(), NOW, () => {
      asked += 1;
      return false;
    });
    expect(asked).toBe(1);
  });
});

describe('refusalOf', () => {
  it('tells missing, expired (first) and used up apart', () => {
    expect(refusalOf(undefined, NOW)).toBe('missing');
    expect(refusalOf(share({ expires_at: NOW, max_views: 1, views: 1 }), NOW)).toBe('expired');
    expect(refusalOf(share({ max_views: 1, views: 1 }), NOW)).toBe('view_limit');
  });
});

describe('countedOrThrow', () => {
  it('returns the values of a counted read', () => {
    expect(countedOrThrow('paste', 's', { outcome: 'ok', views: 3 })).toEqual({
      outcome: 'ok',
      views: 3,
    });
  });

  it('turns each refusal into its answer', () => {
    const run = (outcome: 'missing' | 'expired' | 'view_limit') =>
      thrown(() => countedOrThrow('paste', 'slug1', { outcome }));
    expect(run('missing')).toMatchObject({ status: 404, message: 'no paste slug1' });
    expect(run('expired')).toMatchObject({ status: 410, message: 'this paste has expired' });
    expect(run('view_limit')).toMatchObject({
      status: 410,
      message: 'this paste has reached its view limit',
    });
  });
});
