import { isIP } from 'node:net';

/**
 * Which IP addresses an outbound fetch may never connect to: everything that is not a plain
 * public unicast address. The tables are parsed by hand (no ipaddr.js, which is only a
 * transitive dependency) so that every range is visible here and covered by a test.
 *
 * Anything that does not parse as an address is treated as forbidden: the policy fails closed.
 */

interface Range {
  /** Network address as bytes (4 for IPv4, 16 for IPv6). */
  readonly bytes: readonly number[];
  readonly prefix: number;
}

const FORBIDDEN_V4: readonly Range[] = [
  v4Range('0.0.0.0', 8), // "this network"; 0.0.0.0 reaches the local host on Linux
  v4Range('10.0.0.0', 8), // private
  v4Range('100.64.0.0', 10), // carrier-grade NAT, often internal infrastructure
  v4Range('127.0.0.0', 8), // loopback
  v4Range('169.254.0.0', 16), // link-local, incl. cloud metadata 169.254.169.254
  v4Range('172.16.0.0', 12), // private
  v4Range('192.0.0.0', 24), // IETF protocol assignments
  v4Range('192.0.2.0', 24), // TEST-NET-1
  v4Range('192.168.0.0', 16), // private
  v4Range('198.18.0.0', 15), // benchmarking
  v4Range('198.51.100.0', 24), // TEST-NET-2
  v4Range('203.0.113.0', 24), // TEST-NET-3
  v4Range('224.0.0.0', 4), // multicast
  v4Range('240.0.0.0', 4), // reserved
  v4Range('255.255.255.255', 32), // limited broadcast (inside 240/4, listed for clarity)
];

const FORBIDDEN_V6: readonly Range[] = [
  // Unspecified (::), loopback (::1) and the deprecated IPv4-compatible ::a.b.c.d, which some
  // stacks still route to the embedded IPv4 address: none is a legitimate public target.
  v6Range('::', 96),
  // IPv4-mapped ::ffff:a.b.c.d: refused whatever the embedded address, so a v4 check can never
  // be side-stepped by writing the same address in its v6 form.
  v6Range('::ffff:0:0', 96),
  v6Range('::ffff:0:0:0', 96), // IPv4-translated (SIIT), the same trick one group over
  v6Range('64:ff9b::', 96), // NAT64 well-known prefix: a gateway would reach any IPv4 address
  v6Range('64:ff9b:1::', 48), // NAT64 local-use prefix
  v6Range('100::', 64), // discard-only
  v6Range('2001:db8::', 32), // documentation
  v6Range('fc00::', 7), // unique local, incl. AWS metadata fd00:ec2::254
  v6Range('fe80::', 10), // link-local
  v6Range('fec0::', 10), // deprecated site-local, still private where it is used
  v6Range('ff00::', 8), // multicast
];

/** 6to4 (2002:V4ADDR::/48): the embedded IPv4 address decides, as a relay would reach it. */
const SIX_TO_FOUR = v6Range('2002::', 16);

/** True when an outbound connection to this address must be refused (fails closed). */
export function isForbiddenAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) {
    const bytes = parseIPv4(ip);
    return bytes === null || isForbiddenV4(bytes);
  }
  if (family === 6) {
    const bytes = parseIPv6(ip);
    return bytes === null || isForbiddenV6(bytes);
  }
  return true;
}

function isForbiddenV4(bytes: readonly number[]): boolean {
  return FORBIDDEN_V4.some((range) => inRange(bytes, range));
}

function isForbiddenV6(bytes: readonly number[]): boolean {
  if (FORBIDDEN_V6.some((range) => inRange(bytes, range))) return true;
  if (inRange(bytes, SIX_TO_FOUR)) return isForbiddenV4(bytes.slice(2, 6));
  return false;
}

function inRange(bytes: readonly number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Dotted-decimal only: the forms DNS answers and WHATWG URL hostnames take. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** 16 bytes, or null. Accepts `::` compression, an embedded dotted IPv4 tail and a zone id. */
function parseIPv6(input: string): number[] | null {
  const zone = input.indexOf('%');
  let text = zone === -1 ? input : input.slice(0, zone);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = v4;
    // Keep a trailing '::' (as in '::1.2.3.4'), drop a lone separator (as in '::ffff:1.2.3.4').
    text = text.endsWith('::', lastColon + 1)
      ? text.slice(0, lastColon + 1)
      : text.slice(0, lastColon);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined): string[] =>
    half === undefined || half === '' ? [] : half.split(':');
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const wanted = 8 - tail.length / 2;
  const missing = wanted - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return [...bytes, ...tail];
}

function v4Range(address: string, prefix: number): Range {
  const bytes = parseIPv4(address);
  if (bytes === null) throw new Error(`bad IPv4 range ${address}`);
  return { bytes, prefix };
}

function v6Range(address: string, prefix: number): Range {
  const bytes = parseIPv6(address);
  if (bytes === null) throw new Error(`bad IPv6 range ${address}`);
  return { bytes, prefix };
}
