/**
 * Media types given by clients and remote servers, reduced to one safe form before they are
 * stored or sent: `type/subtype`, lower-cased, with a `charset` as the only parameter kept.
 * Anything else — a list of types, stray parameters, quotes, spaces — is not a type we can
 * vouch for, and becomes application/octet-stream.
 */

/** The type stored and served when a given one is missing or unusable. */
export const FALLBACK_MEDIA_TYPE = 'application/octet-stream';

// RFC 9110 token characters, as used in type, subtype and parameter names.
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})$`);
const CHARSET = /^[0-9a-z][0-9a-z._:-]{0,39}$/;

/** True when a value holds a control character (CR, LF, NUL …): such a header is refused. */
export function hasControlCharacters(value: string): boolean {
  return /\p{Cc}/u.test(value);
}

/**
 * The normal form of a media type: one `type/subtype`, lower-cased, plus a valid `charset`
 * parameter when given; undefined when the value is not exactly one well-formed type.
 */
export function normaliseMediaType(value: string | null | undefined): string | undefined {
  if (value === undefined || value === null || hasControlCharacters(value)) return undefined;
  const [essence = '', ...parameters] = value.split(';');
  const match = MEDIA_TYPE.exec(essence.trim().toLowerCase());
  if (!match) return undefined;
  const charset = parameters
    .map((parameter) => parameter.trim().toLowerCase())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1');
  const type = `${match[1]}/${match[2]}`;
  return charset !== undefined && CHARSET.test(charset) ? `${type}; charset=${charset}` : type;
}

/** The `type/subtype` of a media type, without parameters, lower-cased. */
export function mediaTypeEssence(value: string): string {
  return (value.split(';', 1)[0] ?? '').trim().toLowerCase();
}
