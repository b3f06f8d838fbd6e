import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isForbiddenAddress } from './address-policy.js';
import { PRIVATE_ADDRESS_MESSAGE, refused, upstreamFailed } from './fetch-errors.js';
import { untilAborted } from './deadline.js';
import { socketHostname } from './url-policy.js';

/** Every address a hostname resolves to (A and AAAA). */
export type Resolver = (hostname: string) => Promise<string[]>;

/** The one checked address a hop's connection is allowed to use. */
export interface PinnedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface ResolveOptions {
  resolve?: Resolver | undefined;
  /** Test seam: addresses accepted despite the policy. */
  allowAddresses?: readonly string[] | undefined;
  signal: AbortSignal;
}

/** getaddrinfo, so /etc/hosts counts too (a `localhost` alias must be caught as well). */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Resolver error codes that mean "no such name" rather than "DNS is having trouble". */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * Resolves a hop's host exactly once and checks every address it gets: a name that answers
 * with one public and one private address is refused, because the connection could be made to
 * either. The address returned is then the only one the connection may use (see
 * `pinnedLookup`), so a second, rebinding answer is never asked for.
 */
export async function resolvePinned(url: URL, options: ResolveOptions): Promise<PinnedAddress> {
  const hostname = socketHostname(url);
  const addresses = isIP(hostname)
    ? [hostname]
    : await resolveAll(hostname, options.resolve ?? systemResolver, options.signal);
  const allowed = new Set(options.allowAddresses ?? []);
  const usable = (address: string): boolean =>
    isIP(address) !== 0 && (allowed.has(address) || !isForbiddenAddress(address));
  const first = addresses[0];
  if (first === undefined) {
    throw refused('unresolvable', 'the host name of this URL could not be resolved');
  }
  if (!addresses.every(usable)) throw refused('private_address', PRIVATE_ADDRESS_MESSAGE);
  return { address: first, family: isIP(first) === 6 ? 6 : 4 };
}

async function resolveAll(
  hostname: string,
  resolver: Resolver,
  signal: AbortSignal,
): Promise<string[]> {
  try {
    return await untilAborted(resolver(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    if (NO_SUCH_NAME.has(errorCode(error))) {
      throw refused('unresolvable', 'the host name of this URL could not be resolved');
    }
    throw upstreamFailed('the host name of this URL could not be looked up', error);
  }
}

/**
 * A `lookup` for http(s).request that ignores the name and answers with the checked address.
 * The request keeps the real hostname (Host header, TLS SNI and certificate check) while the
 * socket can only go where the policy allowed.
 */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) {
      callback(null, [{ address: pinned.address, family: pinned.family }]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    return String(error.code);
  }
  return '';
}
