import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { reasonOf, startDeadline, type Deadline } from './deadline.js';
import { payloadTooLarge, refused, upstreamFailed } from './fetch-errors.js';
import { resolvePinned } from './resolve-pinned.js';
import { sendRequest } from './send-request.js';
import { createSizeCap } from './size-cap.js';
import { checkTargetUrl, parseTargetUrl } from './url-policy.js';

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Redirects followed before refusing with `too_many_redirects` (default 5). */
  maxRedirects?: number;
  /** Body cap: refused up front when Content-Length is larger, the body stream errors past it. */
  maxBytes?: number;
  /** Total time cap for DNS, connect, headers, redirects and body (default 30 000). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Test seam only: resolver replacing dns.lookup (all addresses). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Test seam only: addresses allowed despite the policy (e.g. '127.0.0.1' for a loopback test server standing in for a public host). Never set in production code. */
  allowAddresses?: readonly string[];
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The final URL after redirects. */
  url: string;
  /**
   * The response body, capped by `maxBytes` and the time cap. Like any stream it can fail, so a
   * reader attaches an 'error' handler (or uses pipeline) and destroys it when done early.
   */
  body: Readable;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Sent to the first origin only: a redirect elsewhere must not carry the caller's secrets. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The one way the server fetches a URL it was given (SSRF guard, ARCHITECTURE §5): http(s)
 * only, every hop's host resolved once and all its addresses checked, the connection pinned to
 * a checked address, redirects followed by hand and re-checked, size and total time capped.
 * Rejects with AppError (VALIDATION_FAILED, UPSTREAM_FAILED, UPSTREAM_TIMEOUT,
 * PAYLOAD_TOO_LARGE), or with the caller's abort reason.
 */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions = {},
): Promise<SafeResponse> {
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = startDeadline(options.timeoutMs ?? 30_000, options.signal);
  try {
    let target = parseTargetUrl(url);
    let method = options.method ?? 'GET';
    let headers = options.headers ?? {};
    for (let redirects = 0; ; redirects += 1) {
      const pinned = await resolvePinned(target, {
        resolve: options.resolve,
        allowAddresses: options.allowAddresses,
        signal: deadline.signal,
      });
      const { req, res } = await sendRequest({
        url: target,
        method,
        headers,
        pinned,
        signal: deadline.signal,
      });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        // Only the head was wanted: drop the redirect's body and its connection now.
        res.destroy();
        req.destroy();
        if (redirects >= maxRedirects) {
          throw refused('too_many_redirects', `the URL redirected more than ${maxRedirects} times`);
        }
        const next = checkTargetUrl(redirectTarget(location, target));
        if (status === 303) method = 'GET';
        if (next.origin !== target.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
        target = next;
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (options.maxBytes !== undefined && declared > options.maxBytes) {
        res.destroy();
        req.destroy();
        throw payloadTooLarge(options.maxBytes);
      }
      return {
        status,
        headers: res.headers,
        url: target.href,
        body: cappedBody(req, res, options.maxBytes, deadline),
      };
    }
  } catch (error) {
    deadline.dispose();
    throw error;
  }
}

function redirectTarget(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch (error) {
    throw upstreamFailed('the remote server redirected to an invalid URL', error);
  }
}

/**
 * Wires the response into the size cap and owns the cleanup from here on: whichever way the
 * body ends (read to the end, destroyed by the reader, capped, timed out, cut by the server),
 * the socket is destroyed and the deadline released.
 */
function cappedBody(
  req: ClientRequest,
  res: IncomingMessage,
  maxBytes: number | undefined,
  deadline: Deadline,
): Readable {
  const body = createSizeCap(maxBytes);
  const fail = (cause?: Error): void => {
    body.destroy(
      deadline.signal.aborted
        ? reasonOf(deadline.signal)
        : upstreamFailed('the remote server broke off the response', cause),
    );
  };
  const onAbort = (): void => fail();
  res.on('error', fail);
  req.on('error', fail);
  // A connection closed before the message was complete may not raise an error of its own.
  res.on('close', () => {
    if (!res.complete) fail();
  });
  const release = (): void => {
    deadline.signal.removeEventListener('abort', onAbort);
    deadline.dispose();
    res.destroy();
    req.destroy();
  };
  // http.request's own `signal` also tears the socket down; this makes the body's error the
  // deadline's reason whichever event arrives first.
  deadline.signal.addEventListener('abort', onAbort, { once: true });
  res.pipe(body);
  // Once every byte has arrived the network part is over: the connection goes and the time cap
  // stops, so a body that is read later (or never, as after a HEAD) cannot fail afterwards.
  res.once('end', release);
  body.once('close', release);
  return body;
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())),
  );
}
