import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with a request it intercepts. */
export type Verdict = 'forward' | 'hold';

export interface CountingProxy {
  readonly base: string;
  /** Requests seen, as `METHOD /path` (no query). */
  readonly seen: string[];
  /**
   * Decides on each request; `onAnswered` runs once its upstream answer is in, before it is
   * passed back.
   */
  intercept: (method: string, path: string) => Verdict;
  onAnswered: (method: string, path: string) => void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a test server that records every request and may hold some
 * forever: how a test cuts an upload after a known number of parts, without timing.
 */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const held = new Set<http.ServerResponse>();
  const proxy: CountingProxy = {
    base: '',
    seen: [],
    intercept: () => 'forward',
    onAnswered: () => undefined,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0]!;
    proxy.seen.push(`${method} ${path}`);
    if (proxy.intercept(method, path) === 'hold') {
      held.add(response);
      request.resume();
      return;
    }
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        proxy.onAnswered(method, path);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, { base: `http://127.0.0.1:${port}` });
}
