import {
  pino,
  stdSerializers,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';
import { UPLOAD_SECRET_HEADER } from '@pasteport/contract';
import type { LogLevel } from '../config/env.schema.js';

/** What a secret is replaced with in a log line. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose values are credentials: share passwords, file access tokens and the
 * Office viewer's grant in our own URLs (`?password=`, `?token=`, `?grant=`), API keys, and
 * the signatures of presigned storage URLs
 * (SigV4 `X-Amz-Signature` / `X-Amz-Credential`, our local driver's token). Every name that
 * contains one of the words is a secret too (`new_password`, `X-Amz-Security-Token`).
 */
const SECRET_PARAMS = new Set([
  'pass',
  'passwd',
  'pwd',
  'key',
  'apikey',
  'api_key',
  'sign',
  'sig',
  'auth',
  'authorization',
  'session',
  'sid',
  'grant',
]);
const SECRET_WORDS = /password|token|secret|signature|credential/;

/**
 * One `name=value` pair after `?` or `&`. The value stops at characters that end a URL in
 * text and at a backslash, so a match never eats the escape of a JSON-encoded quote.
 */
const QUERY_PARAM = /([?&])([^=&#?\s"'\\]+)=([^&#\s"'\\]*)/g;

/** Whether a query parameter name carries a credential; `%70assword` is `password` to the router. */
function isSecretParam(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A broken escape is left as written: still compared below.
  }
  name = name.toLowerCase();
  return SECRET_PARAMS.has(name) || SECRET_WORDS.test(name);
}

/** The text with the values of secret query parameters replaced; names and paths stay readable. */
export function redactQuerySecrets(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(QUERY_PARAM, (match, sep: string, name: string, value: string) =>
    value !== '' && isSecretParam(name) ? `${sep}${name}=${REDACTED}` : match,
  );
}

/**
 * Header values that are credentials, wherever a logged object carries headers: at the top, or
 * one level down (`req.headers`, and @fastify/multipart's trace line `busboyOptions.headers`).
 * `X-Upload-Secret` is the secret binding a pending upload to whoever started it (a guest has
 * no other credential), so it is one too.
 */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  '["proxy-authorization"]',
  '["x-api-key"]',
  `["${UPLOAD_SECRET_HEADER}"]`,
];
const REDACT_PATHS = SECRET_HEADERS.flatMap((header) => {
  const path = header.startsWith('[') ? `headers${header}` : `headers.${header}`;
  return [path, `*.${path}`];
});

/** The request as a log line shows it (Fastify's fields), with query secrets redacted. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactQuerySecrets(req.url),
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** pino's error serializer, with query secrets redacted from every text field (messages quote URLs). */
function serializeError(err: Error) {
  const serialized = stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(serialized)) {
    if (typeof value === 'string') serialized[field] = redactQuerySecrets(value);
  }
  return serialized;
}

/**
 * Logger options that keep credentials out of every line: the request serializer and the
 * error serializer scrub URLs, `redact` blanks credential headers, and the log-method hook
 * scrubs messages (Fastify writes URLs into some, e.g. "Reply was already sent … in /x?token=…").
 */
export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactQuerySecrets(arg) : arg,
        ) as typeof args;
        method.apply(this, scrubbed);
      },
    },
  };
}

/** The process logger (JSON lines on stdout, or `destination` in tests), secrets redacted. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = loggerOptions(level);
  return destination ? pino(options, destination) : pino(options);
}
