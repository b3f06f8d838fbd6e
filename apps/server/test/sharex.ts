import { randomUUID } from 'node:crypto';

/**
 * A small interpreter of ShareX custom uploaders (.sxcu), for checking the ones Pasteport
 * generates against a running server the way ShareX uses them: build the request from the
 * file (method, URL, headers, body kind, form field), send it, then read the link or the error
 * from the answer with the file's `{json:...}` expressions. It knows the syntax the generated
 * files use and refuses anything else, so a config that needs more cannot pass by accident.
 */

export interface ShareXUploader {
  Version?: string;
  Name?: string;
  DestinationType: string;
  RequestMethod: string;
  RequestURL: string;
  Parameters?: Record<string, string>;
  Headers?: Record<string, string>;
  Body: 'None' | 'MultipartFormData' | 'FormURLEncoded' | 'JSON' | 'XML' | 'Binary';
  Arguments?: Record<string, string>;
  FileFormName?: string;
  Data?: string;
  URL?: string;
  ErrorMessage?: string;
}

/** What ShareX hands the uploader: a file (screenshot, file upload) or text. */
export type ShareXInput =
  | { kind: 'file'; fileName: string; mediaType: string; data: Buffer }
  | { kind: 'text'; text: string };

export interface ShareXResult {
  status: number;
  /** The body as received. */
  body: string;
  /** On success: the URL expression applied to the answer. */
  url?: string;
  /** On failure: the ErrorMessage expression applied to the answer. */
  error?: string;
}

const BODY_KINDS = ['None', 'MultipartFormData', 'FormURLEncoded', 'JSON', 'XML', 'Binary'];

/** Parses an .sxcu and checks the fields this interpreter relies on. */
export function parseShareX(text: string): ShareXUploader {
  const config = JSON.parse(text) as Partial<ShareXUploader>;
  for (const field of ['DestinationType', 'RequestMethod', 'RequestURL', 'Body'] as const) {
    if (typeof config[field] !== 'string') throw new Error(`sxcu: ${field} is missing`);
  }
  if (!BODY_KINDS.includes(config.Body as string)) throw new Error(`sxcu: Body ${config.Body}`);
  return config as ShareXUploader;
}

/** Replaces `{input}` and `{filename}`; any other `{...}` in a request part is refused. */
function requestSyntax(text: string, input: ShareXInput, encode: (v: string) => string): string {
  return text.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    if (name === 'input' && input.kind === 'text') return encode(input.text);
    if (name === 'filename' && input.kind === 'file') return encode(input.fileName);
    throw new Error(`sxcu: ${whole} is not supported in a request`);
  });
}

/** A value of parsed JSON by a ShareX path: `data.url`, `$.data.url`, `items[0].id`. */
function jsonPath(value: unknown, path: string): string {
  let current = value;
  const steps = path.replace(/^\$\.?/, '').match(/[^.[\]]+|\[\d+\]/g) ?? [];
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return '';
    const key = step.startsWith('[') ? Number(step.slice(1, -1)) : step;
    current = (current as Record<string | number, unknown>)[key];
  }
  if (current === undefined || current === null) return '';
  return typeof current === 'string' ? current : JSON.stringify(current);
}

/** Applies a URL or ErrorMessage expression to the answer (`{json:…}`, `{response}`). */
function responseSyntax(expression: string, body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const syntax = /\{([^{}:]*)(?::([^{}]*))?\}/g;
  return expression.replace(syntax, (whole: string, name: string, arg: string | undefined) => {
    if (name === 'json') return jsonPath(parsed, arg ?? '');
    if (name === 'response') return body;
    throw new Error(`sxcu: ${whole} is not supported in a result`);
  });
}

function multipart(
  config: ShareXUploader,
  input: ShareXInput,
): { body: Buffer; contentType: string } {
  if (input.kind !== 'file') throw new Error('sxcu: a multipart body needs a file');
  if (!config.FileFormName) throw new Error('sxcu: FileFormName is missing');
  const boundary = `--------------------${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(config.Arguments ?? {})) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n` +
          `${requestSyntax(value, input, (v) => v)}\r\n`,
      ),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${config.FileFormName}"; ` +
        `filename="${input.fileName}"\r\nContent-Type: ${input.mediaType}\r\n\r\n`,
    ),
    input.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends `input` as ShareX would with this uploader, and reads the answer as it would. */
export async function runShareX(sxcu: string, input: ShareXInput): Promise<ShareXResult> {
  const config = parseShareX(sxcu);
  const types = config.DestinationType.split(',').map((type) => type.trim());
  const wanted = input.kind === 'text' ? ['TextUploader'] : ['ImageUploader', 'FileUploader'];
  if (!wanted.some((type) => types.includes(type))) {
    throw new Error(`sxcu: DestinationType ${config.DestinationType} takes no ${input.kind}`);
  }

  const url = new URL(requestSyntax(config.RequestURL, input, encodeURIComponent));
  for (const [name, value] of Object.entries(config.Parameters ?? {})) {
    url.searchParams.append(
      name,
      requestSyntax(value, input, (v) => v),
    );
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(config.Headers ?? {})) {
    headers.set(
      name,
      requestSyntax(value, input, (v) => v),
    );
  }

  let body: Buffer | string | undefined;
  switch (config.Body) {
    case 'MultipartFormData': {
      const form = multipart(config, input);
      body = form.body;
      headers.set('content-type', form.contentType);
      break;
    }
    case 'Binary':
      if (input.kind !== 'file') throw new Error('sxcu: a Binary body needs a file');
      body = input.data;
      headers.set('content-type', input.mediaType);
      break;
    case 'JSON':
      if (config.Data === undefined) throw new Error('sxcu: a JSON body needs Data');
      // ShareX JSON-escapes what it puts into a JSON body.
      body = requestSyntax(config.Data, input, (v) => JSON.stringify(v).slice(1, -1));
      JSON.parse(body); // what ShareX sends must be JSON
      headers.set('content-type', 'application/json; charset=UTF-8');
      break;
    case 'None':
      break;
    default:
      throw new Error(`sxcu: Body ${config.Body} is not interpreted here`);
  }

  const res = await fetch(url, { method: config.RequestMethod, headers, body });
  const text = await res.text();
  if (res.ok) {
    return { status: res.status, body: text, url: responseSyntax(config.URL ?? '', text) || text };
  }
  return { status: res.status, body: text, error: responseSyntax(config.ErrorMessage ?? '', text) };
}
