import { MARKDOWN_EXTENSIONS } from '@pasteport/contract/plain';

/** How a file is previewed (SPEC §2 "Preview types"); 'none' is the generic card. */
export type PreviewKind =
  | 'markdown'
  | 'code'
  | 'config'
  | 'text'
  | 'html'
  | 'pdf'
  | 'image'
  | 'video'
  | 'audio'
  | 'office'
  | 'none';

/** The chosen preview; code and config carry the Shiki language id that highlights them. */
export type PreviewChoice =
  | { kind: 'code'; language: string }
  | { kind: 'config'; language: string }
  | { [K in SimpleKind]: { kind: K } }[SimpleKind];

/** The kinds that need nothing but their name. */
type SimpleKind = Exclude<PreviewKind, 'code' | 'config'>;

/** Kinds whose preview is the file's text, fetched and shown by this page. */
export const TEXT_KINDS: ReadonlySet<PreviewKind> = new Set([
  'markdown',
  'code',
  'config',
  'text',
  'html',
]);

/**
 * The largest text fetched for a preview. Larger files are offered as a download only: the
 * size is known beforehand, so the browser never fetches a huge file just to refuse it.
 */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/** Code longer than this is shown plain: highlighting it would freeze the page for seconds. */
export const HIGHLIGHT_MAX_CHARS = 256 * 1024;

/** Source extensions → the Shiki language that highlights them. */
const CODE_LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  vue: 'vue',
  svelte: 'svelte',
  py: 'python',
  pyw: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  groovy: 'groovy',
  gradle: 'groovy',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  fs: 'fsharp',
  vb: 'vb',
  rb: 'ruby',
  php: 'php',
  pl: 'perl',
  lua: 'lua',
  r: 'r',
  jl: 'julia',
  dart: 'dart',
  swift: 'swift',
  m: 'objective-c',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  fish: 'fish',
  ps1: 'powershell',
  bat: 'bat',
  cmd: 'bat',
  sql: 'sql',
  graphql: 'graphql',
  gql: 'graphql',
  proto: 'proto',
  css: 'css',
  scss: 'scss',
  sass: 'sass',
  less: 'less',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hs: 'haskell',
  clj: 'clojure',
  zig: 'zig',
  nim: 'nim',
  sol: 'solidity',
  tf: 'terraform',
  diff: 'diff',
  patch: 'diff',
  tex: 'latex',
};

/** Configuration extensions → their language (SPEC: json yaml toml ini conf env xml properties). */
const CONFIG_LANGUAGES: Record<string, string> = {
  json: 'json',
  jsonc: 'jsonc',
  json5: 'json5',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  env: 'dotenv',
  xml: 'xml',
  properties: 'properties',
};

/** Whole file names that say what they are without an extension. */
const NAMED_FILES: Record<string, PreviewChoice> = {
  dockerfile: { kind: 'code', language: 'docker' },
  makefile: { kind: 'code', language: 'make' },
  '.gitignore': { kind: 'text' },
  '.editorconfig': { kind: 'config', language: 'ini' },
};

const simple = (kind: SimpleKind) => ({ kind }) as PreviewChoice;

/** Extensions whose kind needs no language. Browsers show these images, videos and sounds. */
const EXTENSION_KINDS: Record<string, PreviewChoice> = {
  ...Object.fromEntries(MARKDOWN_EXTENSIONS.map((extension) => [extension, simple('markdown')])),
  html: simple('html'),
  htm: simple('html'),
  xhtml: simple('html'),
  pdf: simple('pdf'),
  ...Object.fromEntries(
    ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'svg'].map((extension) => [
      extension,
      simple('image'),
    ]),
  ),
  ...Object.fromEntries(
    ['mp4', 'm4v', 'webm', 'ogv', 'mov'].map((extension) => [extension, simple('video')]),
  ),
  ...Object.fromEntries(
    ['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus', 'weba'].map((extension) => [
      extension,
      simple('audio'),
    ]),
  ),
  ...Object.fromEntries(
    ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp'].map((extension) => [
      extension,
      simple('office'),
    ]),
  ),
  ...Object.fromEntries(
    ['txt', 'text', 'log', 'csv', 'tsv', 'srt', 'vtt'].map((extension) => [
      extension,
      simple('text'),
    ]),
  ),
};

/** Image types every current browser draws (TIFF and HEIC are not among them). */
const BROWSER_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/svg+xml',
]);

/** MIME types (without parameters) → a preview, for names that do not say. */
const MIME_KINDS: Record<string, PreviewChoice> = {
  'text/markdown': simple('markdown'),
  'text/x-markdown': simple('markdown'),
  'text/html': simple('html'),
  'application/xhtml+xml': simple('html'),
  'application/pdf': simple('pdf'),
  'application/json': { kind: 'config', language: 'json' },
  'application/xml': { kind: 'config', language: 'xml' },
  'text/xml': { kind: 'config', language: 'xml' },
  'application/yaml': { kind: 'config', language: 'yaml' },
  'application/x-yaml': { kind: 'config', language: 'yaml' },
  'text/yaml': { kind: 'config', language: 'yaml' },
  'application/toml': { kind: 'config', language: 'toml' },
  'text/javascript': { kind: 'code', language: 'javascript' },
  'application/javascript': { kind: 'code', language: 'javascript' },
  'text/css': { kind: 'code', language: 'css' },
  'text/x-python': { kind: 'code', language: 'python' },
  'application/x-sh': { kind: 'code', language: 'shellscript' },
  'application/sql': { kind: 'code', language: 'sql' },
  'application/msword': simple('office'),
  'application/vnd.ms-excel': simple('office'),
  'application/vnd.ms-powerpoint': simple('office'),
};

const OFFICE_MIME_PREFIXES = [
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];

/** The lower-cased extension of a file name ('' for none; `.env` has the extension `env`). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot >= 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

function byMimetype(mimetype: string): PreviewChoice {
  const type = (mimetype.split(';', 1)[0] ?? '').trim().toLowerCase();
  const known = MIME_KINDS[type];
  if (known) return known;
  if (OFFICE_MIME_PREFIXES.some((prefix) => type.startsWith(prefix))) return simple('office');
  if (BROWSER_IMAGES.has(type)) return simple('image');
  if (type.startsWith('video/')) return simple('video');
  if (type.startsWith('audio/')) return simple('audio');
  if (type.endsWith('+json')) return { kind: 'config', language: 'json' };
  if (type.endsWith('+xml')) return { kind: 'config', language: 'xml' };
  if (type.startsWith('text/')) return simple('text');
  return simple('none');
}

/**
 * Chooses the preview of a file. The name decides first: browsers report unreliable types for
 * source files (a `.ts` file arrives as video/mp2t, a `.py` as application/octet-stream), and
 * Markdown extensions are Markdown whatever the type (SPEC §5). The type decides the rest.
 */
export function previewChoiceOf(filename: string, mimetype: string): PreviewChoice {
  const name = filename.trim().toLowerCase();
  const named = NAMED_FILES[name];
  if (named) return named;
  const extension = extensionOf(name);
  const known = EXTENSION_KINDS[extension];
  if (known) return known;
  const config = CONFIG_LANGUAGES[extension];
  if (config) return { kind: 'config', language: config };
  const code = CODE_LANGUAGES[extension];
  if (code) return { kind: 'code', language: code };
  return byMimetype(mimetype);
}

/** True when showing the preview fetches the file's content (and so counts a view). */
export function previewReadsContent(choice: PreviewChoice, size: number): boolean {
  if (choice.kind === 'none') return false;
  return !(TEXT_KINDS.has(choice.kind) && size > TEXT_PREVIEW_MAX_BYTES);
}

/** True for text previews too large to fetch. */
export function isTooLargeForPreview(choice: PreviewChoice, size: number): boolean {
  return TEXT_KINDS.has(choice.kind) && size > TEXT_PREVIEW_MAX_BYTES;
}
