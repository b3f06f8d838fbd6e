import {
  FILE_ACCESS_MODES,
  FILE_EXPIRES_IN_MAX_HOURS,
  FILE_PASSWORD_MAX,
  FILE_REMARK_MAX,
  PASTE_MAX_VIEWS_LIMIT,
  PASTE_PASSWORD_MAX,
  PASTE_REMARK_MAX,
  SLUG_PROBLEM_MESSAGES,
  slugProblem,
  type FileAccessMode,
} from '@pasteport/contract/plain';
import { intOption, type OptionSpec } from './args.js';
import { UsageError } from './errors.js';

/** The share options `paste` and `upload` take (the API's fields, in command-line spelling). */
export const SHARE_OPTIONS = {
  slug: { type: 'string' },
  password: { type: 'string' },
  expires: { type: 'string' },
  'max-views': { type: 'string' },
  remark: { type: 'string' },
} as const satisfies OptionSpec;

export interface ShareValues {
  slug?: string | undefined;
  password?: string | undefined;
  expires?: string | undefined;
  'max-views'?: string | undefined;
  remark?: string | undefined;
}

const HOURS: Record<string, number> = { h: 1, d: 24, w: 24 * 7, mo: 24 * 30 };

/**
 * `--expires`: `never`, a duration (`12h`, `7d`, `2w`, `3mo`; SPEC §5's hours, days, weeks and
 * months, a month being 30 days), or an ISO-8601 instant. Answers hours from `now`, or null
 * for never.
 */
export function parseExpiry(value: string, now: Date = new Date()): number | null {
  const text = value.trim().toLowerCase();
  if (text === 'never' || text === '0') return null;
  const duration = /^(\d+)\s*(h|d|w|mo)$/.exec(text);
  if (duration) {
    const hours = Number(duration[1]) * HOURS[duration[2]!]!;
    if (hours < 1 || hours > FILE_EXPIRES_IN_MAX_HOURS) {
      throw new UsageError(`--expires must be 1 hour to ${FILE_EXPIRES_IN_MAX_HOURS / 24} days`);
    }
    return hours;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value.trim())) {
    const at = Date.parse(value.trim());
    if (Number.isNaN(at)) throw new UsageError(`--expires: "${value}" is not a valid instant`);
    const hours = (at - now.getTime()) / 3_600_000;
    if (hours <= 0) throw new UsageError('--expires must be in the future');
    if (hours > FILE_EXPIRES_IN_MAX_HOURS) throw new UsageError('--expires is too far ahead');
    return hours;
  }
  throw new UsageError(
    '--expires must be never, a duration like 12h, 7d, 2w, 3mo, or an ISO instant',
  );
}

function checkSlug(slug: string | undefined): string | undefined {
  if (slug === undefined) return undefined;
  const problem = slugProblem(slug);
  if (problem) throw new UsageError(`--slug ${SLUG_PROBLEM_MESSAGES[problem]}`);
  return slug;
}

function checkText(value: string | undefined, name: string, max: number, min = 0) {
  if (value === undefined) return undefined;
  if (value.length < min) throw new UsageError(`${name} must not be empty`);
  if (value.length > max) throw new UsageError(`${name} must be at most ${max} characters`);
  return value;
}

/** The body fields of POST /api/paste (checked as the server checks them, before sending). */
export function pasteShareFields(values: ShareValues, now: Date = new Date()) {
  const hours = values.expires === undefined ? undefined : parseExpiry(values.expires, now);
  const fields: {
    slug?: string;
    password?: string;
    remark?: string;
    max_views?: number;
    expires_at?: string | null;
  } = {};
  const slug = checkSlug(values.slug);
  if (slug !== undefined) fields.slug = slug;
  const password = checkText(values.password, '--password', PASTE_PASSWORD_MAX, 1);
  if (password !== undefined) fields.password = password;
  const remark = checkText(values.remark, '--remark', PASTE_REMARK_MAX);
  if (remark !== undefined) fields.remark = remark;
  const maxViews = intOption(values['max-views'], '--max-views', 0, PASTE_MAX_VIEWS_LIMIT);
  if (maxViews !== undefined) fields.max_views = maxViews;
  if (hours !== undefined) {
    fields.expires_at =
      hours === null ? null : new Date(now.getTime() + hours * 3_600_000).toISOString();
  }
  return fields;
}

/** The share fields of every upload mode (SPEC §5: sent only when present). */
export interface FileShareFields {
  slug?: string;
  password?: string;
  remark?: string;
  expires_in?: number;
  max_views?: number;
  access_mode?: FileAccessMode;
  s3_config_id?: string;
  path?: string;
}

export const UPLOAD_OPTIONS = {
  ...SHARE_OPTIONS,
  'access-mode': { type: 'string' },
  storage: { type: 'string' },
  path: { type: 'string' },
} as const satisfies OptionSpec;

/** The upload share fields; `expires_in` is whole hours (rounded up), 0 for never. */
export function fileShareFields(
  values: ShareValues & { 'access-mode'?: string; storage?: string; path?: string },
  now: Date = new Date(),
): FileShareFields {
  const fields: FileShareFields = {};
  const slug = checkSlug(values.slug);
  if (slug !== undefined) fields.slug = slug;
  const password = checkText(values.password, '--password', FILE_PASSWORD_MAX, 1);
  if (password !== undefined) fields.password = password;
  const remark = checkText(values.remark, '--remark', FILE_REMARK_MAX);
  if (remark !== undefined) fields.remark = remark;
  const maxViews = intOption(values['max-views'], '--max-views', 0, PASTE_MAX_VIEWS_LIMIT);
  if (maxViews !== undefined) fields.max_views = maxViews;
  if (values.expires !== undefined) {
    const hours = parseExpiry(values.expires, now);
    fields.expires_in = hours === null ? 0 : Math.ceil(hours);
  }
  const mode = values['access-mode'];
  if (mode !== undefined) {
    if (!(FILE_ACCESS_MODES as readonly string[]).includes(mode)) {
      throw new UsageError(`--access-mode must be ${FILE_ACCESS_MODES.join(' or ')}`);
    }
    fields.access_mode = mode as FileAccessMode;
  }
  const storage = checkText(values.storage, '--storage', 64, 1);
  if (storage !== undefined) fields.s3_config_id = storage;
  const folder = checkText(values.path, '--path', 1024, 1);
  if (folder !== undefined) fields.path = folder;
  return fields;
}
