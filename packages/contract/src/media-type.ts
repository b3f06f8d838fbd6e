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

// The types of common extensions, for names whose content type nobody stated (storage listings
// do not carry one). Lower-case extension → type; anything else is application/octet-stream.
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/vnd.microsoft.icon',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
};

/** The media type a file name suggests by its extension (application/octet-stream if none). */
export function mediaTypeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return FALLBACK_MEDIA_TYPE;
  return TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? FALLBACK_MEDIA_TYPE;
}
