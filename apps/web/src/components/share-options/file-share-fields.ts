import type { ExpiryPreset, ShareOptionValues } from './option-rules';
import { maxViewsOf, QUICK_EXPIRY_PRESETS, requestPartsOf } from './option-rules';
import { hoursUntilExpiry } from './expires-in';

/** A file share's chips: never first (files are kept unless told otherwise), quick, custom. */
export const FILE_EXPIRY_PRESETS: readonly ExpiryPreset[] = [
  'never',
  ...QUICK_EXPIRY_PRESETS,
  'custom',
];

/** A file share's options before the user changes any (an upload's, a mount file's share). */
export const DEFAULT_FILE_SHARE_OPTIONS: ShareOptionValues = {
  slug: '',
  remark: '',
  password: '',
  expiry: 'never',
  customAmount: '',
  customUnit: 'days',
  maxViews: '0',
};

/** The share fields of a file share as every file endpoint takes them (SPEC §3, §5). */
export interface FileShareFields {
  slug?: string;
  remark?: string;
  password?: string;
  expires_in?: number;
  max_views?: number;
}

/**
 * The fields of valid options, each only when present (SPEC §5): no blank text, no "never"
 * expiry (files take whole hours, not an instant), no unlimited view limit. `withSlug` is
 * false for files after the first of a batch, since one link suffix can name only one file.
 */
export function fileShareFieldsOf(
  options: ShareOptionValues,
  now: Date,
  withSlug = true,
): FileShareFields {
  const { expiry, given } = requestPartsOf(options);
  const { slug, ...rest } = given;
  const hours = hoursUntilExpiry(expiry, now);
  const maxViews = maxViewsOf(options) ?? 0;
  return {
    ...(slug && withSlug ? { slug } : {}),
    ...rest,
    ...(hours !== null ? { expires_in: hours } : {}),
    ...(maxViews > 0 ? { max_views: maxViews } : {}),
  };
}
