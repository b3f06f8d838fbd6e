import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * Network fence for tests of outbound fetches: while the file's tests run, no socket may
 * connect beyond loopback, even if the SSRF guard regressed and followed a URL to 10.0.0.1 or
 * 169.254.169.254. Every connect is checked (IP literals directly, names through their
 * lookup's answer) before the real connect runs. Returns the refused addresses, which a test
 * asserts stay empty.
 */
export function fenceToLoopback(): { violations: string[] } {
  const violations: string[] = [];
  type Connect = (...args: unknown[]) => unknown;
  const socketProto = net.Socket.prototype as unknown as { connect: Connect };
  const realConnect = socketProto.connect;

  function isLoopback(address: string): boolean {
    return /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
  }

  function fenced(args: unknown[]): void {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    if (typeof first !== 'object' || first === null) return;
    const options = first as { host?: string; lookup?: net.LookupFunction };
    const host = options.host ?? 'localhost';
    if (net.isIP(host) !== 0) {
      if (!isLoopback(host)) {
        violations.push(host);
        throw new Error(`test fence: connect to ${host} refused`);
      }
      return;
    }
    const lookup = options.lookup;
    if (lookup === undefined) return;
    options.lookup = (hostname, lookupOptions, callback) => {
      lookup(hostname, lookupOptions, (err, address, family) => {
        const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
        const bad = addresses.filter((a) => !isLoopback(a));
        if (err === null && bad.length > 0) {
          violations.push(...bad);
          callback(new Error(`test fence: connect to ${bad.join(', ')} refused`), address, family);
          return;
        }
        callback(err, address, family);
      });
    };
  }

  beforeAll(() => {
    socketProto.connect = function (this: unknown, ...args: unknown[]) {
      fenced(args);
      return Reflect.apply(realConnect, this, args);
    };
  });
  afterAll(() => {
    socketProto.connect = realConnect;
  });
  return { violations };
}
