import { describe, expect, it } from 'vitest';
import { parseGuestAccess, parseMaxUploadSize } from './public-answers.js';
import { guestAccessSchema, maxUploadSizeSchema } from './settings.js';

/** Each zod-free check accepts what its schema accepts, with the same result, and nothing else. */
function agrees(
  parse: (value: unknown) => unknown,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  samples: unknown[],
) {
  for (const sample of samples) {
    const expected = schema.safeParse(sample);
    if (expected.success) expect(parse(sample), JSON.stringify(sample)).toEqual(expected.data);
    else expect(() => parse(sample), JSON.stringify(sample)).toThrow(TypeError);
  }
}

describe('zod-free checks of the public answers a first visit reads', () => {
  it('parseGuestAccess agrees with guestAccessSchema', () => {
    agrees(parseGuestAccess, guestAccessSchema, [
      { allow_guest_pastes: true, allow_guest_uploads: false },
      { allow_guest_pastes: false, allow_guest_uploads: true, max_upload_size: 100 },
      { allow_guest_pastes: 'true', allow_guest_uploads: false },
      { allow_guest_pastes: true },
      null,
      [],
      'yes',
    ]);
    expect(
      parseGuestAccess({ allow_guest_pastes: true, allow_guest_uploads: true, extra: 1 }),
    ).toEqual({ allow_guest_pastes: true, allow_guest_uploads: true });
  });

  it('parseMaxUploadSize agrees with maxUploadSizeSchema', () => {
    agrees(parseMaxUploadSize, maxUploadSizeSchema, [
      { max_upload_size: 100 },
      { max_upload_size: 0.5, unit: 'MB' },
      { max_upload_size: '100' },
      { max_upload_size: Number.NaN },
      { max_upload_size: Number.POSITIVE_INFINITY },
      {},
      null,
      42,
    ]);
  });
});
