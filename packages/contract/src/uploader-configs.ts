import { API_KEY_PATTERN, APP_NAME } from './constants.js';
import { ROUTES } from './endpoints/routes.js';

/**
 * Ready-made configurations of desktop and phone uploaders for one API key: ShareX custom
 * uploaders (files and text), a Flameshot/curl script, curl one-liners and the steps of an iOS
 * Shortcut. Pure functions without zod, so the web's key page builds them without loading the
 * schemas. The key is a credential: every output embeds it only after checking it is a key the
 * server could accept, and quotes it for the language it lands in.
 */

/** What a configuration is built from. */
export interface UploaderConfigInput {
  /**
   * The server as uploaders reach it: its origin plus any path prefix, without `/api`
   * (`https://paste.example.com`, `https://example.com/pasteport`). Requests go to its `/api`,
   * share links to its `/file/{slug}` and `/paste/{slug}` pages.
   */
  publicUrl: string;
  /** The full API key, as shown once when it was created. */
  apiKey: string;
  /** The key's name (names the ShareX uploader and the downloaded file). */
  keyName: string;
}

export const UPLOADER_CONFIG_KINDS = [
  'sharex-file',
  'sharex-text',
  'flameshot',
  'curl',
  'ios-shortcuts',
] as const;
export type UploaderConfigKind = (typeof UPLOADER_CONFIG_KINDS)[number];

/** One generated configuration: its text and the name to save it under. */
export interface UploaderConfig {
  kind: UploaderConfigKind;
  text: string;
  fileName: string;
  mediaType: string;
  /** The code language of the text, for a preview. */
  language: 'json' | 'bash' | 'text';
}

/** Why an input cannot make a configuration; `field` names the input at fault. */
export class UploaderConfigError extends Error {
  constructor(
    readonly field: keyof UploaderConfigInput,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'UploaderConfigError';
  }
}

/** The version of ShareX's custom uploader format the .sxcu files follow (ShareX 14+). */
export const SHAREX_FORMAT_VERSION = '17.0.0';

/** The multipart field the direct upload reads the file from (SPEC §7 Files: "file"). */
export const UPLOAD_FILE_FIELD = 'file';

interface Checked {
  /** The server root, no trailing slash. */
  root: string;
  key: string;
  /** The name, one line of printable characters (it may land in comments and titles). */
  name: string;
}

function check(input: UploaderConfigInput): Checked {
  if (!API_KEY_PATTERN.test(input.apiKey)) {
    throw new UploaderConfigError('apiKey', 'must be letters, digits, _ and - only');
  }
  return { root: serverRoot(input.publicUrl), key: input.apiKey, name: oneLine(input.keyName) };
}

/**
 * The server root from a public URL: http(s), no credentials, query or fragment, trailing
 * slashes and a trailing `/api` dropped (an API base works as well as the bare server).
 */
export function serverRoot(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl.trim());
  } catch {
    throw new UploaderConfigError('publicUrl', 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UploaderConfigError('publicUrl', 'must be an http(s) URL');
  }
  if (url.username || url.password || url.search || url.hash || publicUrl.includes('#')) {
    throw new UploaderConfigError('publicUrl', 'must carry no credentials, query or fragment');
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${path}`;
}

/** Printable text on one line: control characters (newlines included) become spaces. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters to drop
  const cleaned = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return cleaned === '' ? APP_NAME : cleaned.slice(0, 100);
}

/** `text` as one POSIX shell word, whatever it holds. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A file-name part from the key name: letters, digits, `-` and `_`. */
function fileStem(name: string): string {
  const stem = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return stem === '' ? 'key' : stem;
}

function urls(root: string) {
  return {
    upload: `${root}${ROUTES.uploadForm.path}`,
    paste: `${root}${ROUTES.createPaste.path}`,
    // The answers' own `url` fields are origin-relative on a server without PUBLIC_URL, so the
    // links are built from the slug on the root the uploader already reaches.
    fileLink: `${root}/file/`,
    pasteLink: `${root}/paste/`,
  };
}

/**
 * ShareX custom uploader for files and screenshots: a multipart POST of the file to the direct
 * upload (`data.slug` of its 201 answer names the share page; `message` of a failure says why).
 */
export function shareXFileUploader(input: UploaderConfigInput): UploaderConfig {
  const { root, key, name } = check(input);
  const to = urls(root);
  const config = {
    Version: SHAREX_FORMAT_VERSION,
    Name: `${APP_NAME} files (${name})`,
    DestinationType: 'ImageUploader, FileUploader',
    RequestMethod: ROUTES.uploadForm.method,
    RequestURL: to.upload,
    Headers: { Authorization: `ApiKey ${key}` },
    Body: 'MultipartFormData',
    FileFormName: UPLOAD_FILE_FIELD,
    URL: `${to.fileLink}{json:data.slug}`,
    ErrorMessage: '{json:message}',
  };
  return {
    kind: 'sharex-file',
    text: `${JSON.stringify(config, null, 2)}\n`,
    fileName: `pasteport-${fileStem(name)}-files.sxcu`,
    mediaType: 'application/json',
    language: 'json',
  };
}

/** ShareX custom uploader for text: a JSON POST of `{content}` to the paste endpoint. */
export function shareXTextUploader(input: UploaderConfigInput): UploaderConfig {
  const { root, key, name } = check(input);
  const to = urls(root);
  const config = {
    Version: SHAREX_FORMAT_VERSION,
    Name: `${APP_NAME} text (${name})`,
    DestinationType: 'TextUploader',
    RequestMethod: ROUTES.createPaste.method,
    RequestURL: to.paste,
    Headers: { Authorization: `ApiKey ${key}` },
    Body: 'JSON',
    // ShareX JSON-escapes {input} inside a JSON body.
    Data: '{"content":"{input}"}',
    URL: `${to.pasteLink}{json:data.slug}`,
    ErrorMessage: '{json:message}',
  };
  return {
    kind: 'sharex-text',
    text: `${JSON.stringify(config, null, 2)}\n`,
    fileName: `pasteport-${fileStem(name)}-text.sxcu`,
    mediaType: 'application/json',
    language: 'json',
  };
}

/**
 * A bash script: no arguments takes a Flameshot capture (`flameshot gui --raw`), arguments are
 * files to upload; each share link is printed (and copied when a clipboard tool is there).
 */
export function flameshotScript(input: UploaderConfigInput): UploaderConfig {
  const { root, key, name } = check(input);
  const to = urls(root);
  const text = `#!/usr/bin/env bash
# ${APP_NAME} uploader for the API key "${name}".
#   pasteport-upload.sh              capture with Flameshot and upload the screenshot
#   pasteport-upload.sh FILE...      upload files
#   some-command | pasteport-upload.sh -   upload what arrives on standard input
# Prints each share link; copies the last one when wl-copy or xclip is installed.
set -euo pipefail

PASTEPORT_UPLOAD_URL=${shellQuote(to.upload)}
PASTEPORT_FILE_LINK=${shellQuote(to.fileLink)}
PASTEPORT_API_KEY=${shellQuote(key)}

# Sends standard input as the file named $1 and prints its share link.
upload() {
  local name=$1 quoted body slug
  # curl's -F syntax: the name in double quotes, with \\ and " escaped; no line breaks.
  name=\${name//$'\\n'/_}
  name=\${name//$'\\r'/_}
  quoted=\${name//\\\\/\\\\\\\\}
  quoted=\${quoted//\\"/\\\\\\"}
  if ! body=$(curl --silent --show-error --fail-with-body \\
    --header "Authorization: ApiKey \${PASTEPORT_API_KEY}" \\
    --form "${UPLOAD_FILE_FIELD}=@-;filename=\\"\${quoted}\\"" \\
    "\${PASTEPORT_UPLOAD_URL}"); then
    printf 'upload of %s failed: %s\\n' "$name" "\${body:-no answer}" >&2
    return 1
  fi
  if command -v jq >/dev/null 2>&1; then
    slug=$(printf '%s' "$body" | jq -r '.data.slug // empty')
  else
    # The answer's own "slug" key: inside a JSON string every quote is escaped, so a
    # quote right after { or , starts a key.
    slug=$(printf '%s' "$body" | sed -n 's/^.*[{,]"slug":"\\([A-Za-z0-9_-]*\\)".*$/\\1/p')
  fi
  if [[ -z "$slug" ]]; then
    printf 'unexpected answer: %s\\n' "$body" >&2
    return 1
  fi
  link="\${PASTEPORT_FILE_LINK}\${slug}"
  printf '%s\\n' "$link"
}

link=
if [[ $# -eq 0 ]]; then
  shot=$(mktemp)
  trap 'rm -f -- "$shot"' EXIT
  flameshot gui --raw >"$shot"
  if [[ ! -s "$shot" ]]; then
    echo 'no screenshot taken' >&2
    exit 1
  fi
  upload "screenshot-$(date +%Y%m%d-%H%M%S).png" <"$shot"
else
  for file in "$@"; do
    if [[ "$file" == - ]]; then
      upload stdin.txt
    else
      upload "$(basename -- "$file")" <"$file"
    fi
  done
fi

if command -v wl-copy >/dev/null 2>&1 && [[ -n "\${WAYLAND_DISPLAY:-}" ]]; then
  printf '%s' "$link" | wl-copy
elif command -v xclip >/dev/null 2>&1 && [[ -n "\${DISPLAY:-}" ]]; then
  printf '%s' "$link" | xclip -selection clipboard
fi
`;
  return {
    kind: 'flameshot',
    text,
    fileName: 'pasteport-upload.sh',
    mediaType: 'text/x-shellscript',
    language: 'bash',
  };
}

/** curl one-liners: a file, a text paste, and a paste of a file's text (with jq). */
export function curlCommands(input: UploaderConfigInput): UploaderConfig {
  const { root, key, name } = check(input);
  const to = urls(root);
  const auth = shellQuote(`Authorization: ApiKey ${key}`);
  const json = shellQuote('Content-Type: application/json');
  const text = `# ${APP_NAME}: curl commands for the API key "${name}"
# Upload a file (the answer's data.slug is the share page ${to.fileLink}<slug>):
curl -sS -H ${auth} -F '${UPLOAD_FILE_FIELD}=@photo.png' ${shellQuote(to.upload)}

# Create a text paste (its page is ${to.pasteLink}<slug>):
curl -sS -H ${auth} -H ${json} --data-binary '{"content":"Hello from curl"}' ${shellQuote(to.paste)}

# Paste a text file (jq builds the JSON body):
jq -Rs '{content: .}' notes.txt | curl -sS -H ${auth} -H ${json} --data-binary @- ${shellQuote(to.paste)}
`;
  return {
    kind: 'curl',
    text,
    fileName: `pasteport-${fileStem(name)}-curl.sh`,
    mediaType: 'text/x-shellscript',
    language: 'bash',
  };
}

/** The actions of an iOS Shortcut that uploads what is shared to it and copies the link. */
export function iosShortcutSteps(input: UploaderConfigInput): UploaderConfig {
  const { root, key, name } = check(input);
  const to = urls(root);
  const text = `${APP_NAME} upload shortcut for the API key "${name}"

Files and photos
1. New shortcut; in its details turn on "Show in Share Sheet" and accept Images, Files and Media.
2. Add "Get Contents of URL".
   URL: ${to.upload}
   Method: POST
   Headers: Authorization = ApiKey ${key}
   Request Body: Form
   Add a field of type File named "${UPLOAD_FILE_FIELD}" and set it to Shortcut Input.
3. Add "Get Dictionary Value": Get Value for "data.slug" in Contents of URL (or two of them:
   "data", then "slug" of that).
4. Add "Text": ${to.fileLink} followed by the Dictionary Value.
5. Add "Copy to Clipboard" with that Text (add "Show Notification" to see it).

Text
1. New shortcut accepting Text in the Share Sheet.
2. Add "Get Contents of URL".
   URL: ${to.paste}
   Method: POST
   Headers: Authorization = ApiKey ${key}
   Request Body: JSON
   Add a Text field named "content" set to Shortcut Input.
3. Add "Get Dictionary Value": Get Value for "data.slug" in Contents of URL.
4. Add "Text": ${to.pasteLink} followed by the Dictionary Value.
5. Add "Copy to Clipboard" with that Text.

When an upload is refused, the answer's "message" says why (Get Dictionary Value "message").
`;
  return {
    kind: 'ios-shortcuts',
    text,
    fileName: `pasteport-${fileStem(name)}-ios-shortcut.txt`,
    mediaType: 'text/plain',
    language: 'text',
  };
}

const GENERATORS: Record<UploaderConfigKind, (input: UploaderConfigInput) => UploaderConfig> = {
  'sharex-file': shareXFileUploader,
  'sharex-text': shareXTextUploader,
  flameshot: flameshotScript,
  curl: curlCommands,
  'ios-shortcuts': iosShortcutSteps,
};

/** The configuration of `kind`; throws UploaderConfigError naming the input at fault. */
export function uploaderConfig(kind: UploaderConfigKind, input: UploaderConfigInput) {
  return GENERATORS[kind](input);
}
