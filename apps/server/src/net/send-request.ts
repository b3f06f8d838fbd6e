import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { reasonOf } from './deadline.js';
import { upstreamFailed } from './fetch-errors.js';
import { pinnedLookup, type PinnedAddress } from './resolve-pinned.js';
import { socketHostname } from './url-policy.js';

export interface Hop {
  url: URL;
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  pinned: PinnedAddress;
  /** The fetch's deadline: aborting it destroys the socket. */
  signal: AbortSignal;
}

export interface HopResponse {
  req: ClientRequest;
  res: IncomingMessage;
}

/**
 * Sends one request over a fresh connection to the pinned address and waits for the response
 * head. `agent: false` is deliberate: a pooled keep-alive socket is keyed by host and port,
 * not by address, so reusing one could bypass the pin.
 */
export function sendRequest(hop: Hop): Promise<HopResponse> {
  const hostname = socketHostname(hop.url);
  const https = hop.url.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  return new Promise<HopResponse>((resolve, reject) => {
    const req = send({
      protocol: hop.url.protocol,
      hostname,
      port: hop.url.port === '' ? undefined : Number(hop.url.port),
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      // Set last so a caller's own Host header can never point the request elsewhere.
      headers: { ...hop.headers, host: hop.url.host },
      lookup: pinnedLookup(hop.pinned),
      agent: false,
      signal: hop.signal,
      // The certificate is checked against the name the user asked for, not the pinned address.
      ...(https && isIP(hostname) === 0 ? { servername: hostname } : {}),
    });
    const onError = (error: Error): void => {
      req.destroy();
      reject(hop.signal.aborted ? reasonOf(hop.signal) : connectionFailed(hop.url, error));
    };
    req.once('error', onError);
    req.once('response', (res) => {
      req.off('error', onError);
      // Later socket errors surface on the response (see safe-fetch's body wiring); this only
      // keeps a stray late 'error' from crashing the process.
      req.on('error', () => undefined);
      resolve({ req, res });
    });
    req.end();
  });
}

function connectionFailed(url: URL, cause: Error): Error {
  return upstreamFailed(`the remote server ${url.host} could not be reached`, cause);
}
