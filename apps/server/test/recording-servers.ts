import http from 'node:http';
import type { Socket } from 'node:net';
import { afterEach } from 'vitest';

/** A loopback HTTP server that records every connection and request it gets. */
export interface RecordingServer {
  port: number;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  connections: number;
  /** Sockets still open, so a test can see a connection was (or was not) kept. */
  open: Set<Socket>;
  /** Stops it now (cutting its connections), e.g. to test a refused connection. */
  close(): Promise<void>;
}

/**
 * Gives a test file recording servers for the outbound-fetch tests; every server started in a
 * test is closed after it, its connections cut.
 */
export function useRecordingServers(): (
  handler: http.RequestListener,
  host?: string,
) => Promise<RecordingServer> {
  const servers = new Set<http.Server>();
  const stop = (server: http.Server) =>
    new Promise<void>((resolve) => {
      servers.delete(server);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterEach(async () => {
    await Promise.all([...servers].map(stop));
  });
  return async (handler, host = '127.0.0.1') => {
    const server: http.Server = http.createServer((req, res) => {
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      handler(req, res);
    });
    server.on('connection', (socket) => {
      state.connections += 1;
      state.open.add(socket);
      socket.on('close', () => state.open.delete(socket));
    });
    const state: RecordingServer = {
      port: 0,
      requests: [],
      connections: 0,
      open: new Set(),
      close: () => stop(server),
    };
    servers.add(server);
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    state.port = address.port;
    return state;
  };
}
